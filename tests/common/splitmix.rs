//! SplitMix64 (Steele, Lea and Flood, 2014): the one small, fixed, platform-independent
//! generator behind every generated corpus of this project (the differential tests, the bench
//! corpora). `tools/reference/make_reference.py` implements the same function, so that Python
//! and Rust generate the same cases.

#![allow(dead_code)]

/// A SplitMix64 state.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (by remainder, as the Python side does).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
