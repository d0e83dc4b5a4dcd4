pub mod shared;
pub mod splitmix;
