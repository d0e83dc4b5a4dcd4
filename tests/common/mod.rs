pub mod data;
pub mod splitmix;
pub mod ucd;
