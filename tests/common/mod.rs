pub mod data;
pub mod splitmix;
