// Package content models content packs (the Rust tutorial's raws format).
package content
