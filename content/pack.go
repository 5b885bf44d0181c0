// Package content models content packs in the Rust roguelike tutorial's raws format
// (spawns.json): items, mobs, props, spawn_table, loot_tables, faction_table, spells
// and weapon_traits. It loads and exports packs losslessly, validates them (every
// problem with its JSON path, quoting the offending value), computes spawn odds, rolls
// spawn and loot tables, looks up faction reactions and ships an embedded default pack
// and the packs' JSON Schema. It never imports Fyne and does no I/O besides ReadFile
// and LoadFile. The JSON itself (the ordered tree, its errors and the writer) is
// chain/jsonfile's.
package content

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"reflect"

	"hewn/chain/jsonfile"
)

// Pack is a content pack. Its sections are plain slices the editor may change freely;
// fields that Hewn does not model, and the key order of imported objects, are kept in
// each entry and written back by Export. A Pack is not safe for concurrent use; give
// chain runs a Roller (an immutable snapshot) instead.
type Pack struct {
	Items        []Item        `json:"items" content:"always"`
	Mobs         []Mob         `json:"mobs" content:"always"`
	Props        []Prop        `json:"props" content:"always"`
	SpawnTable   []SpawnEntry  `json:"spawn_table" content:"always"`
	LootTables   []LootTable   `json:"loot_tables" content:"always"`
	FactionTable []Faction     `json:"faction_table" content:"always"`
	Spells       []Spell       `json:"spells" content:"always"`
	WeaponTraits []WeaponTrait `json:"weapon_traits" content:"always"`
	meta         `json:"-"`
}

// MaxPackSize is the largest pack Load accepts (4 MiB, 80 times the default
// pack): loading, checking and running with a pack cost about 100 bytes of
// memory a byte of pack for the smallest entities (issue 26: a 16 MiB pack of
// them took 1 GB and 4.4 s, a 59 MiB one 3.5 GB).
const MaxPackSize = 4 << 20

// PackLimit is the size limit and name of content packs, for
// jsonfile.ReadFile: "FILE: the file is 80.0 MiB; content packs are at most 4 MiB".
var PackLimit = jsonfile.Limit{Max: MaxPackSize, Noun: "a content pack", Plural: "content packs"}

//go:embed default_pack.json
var defaultPackJSON []byte

// DefaultJSON returns the embedded default pack's source.
func DefaultJSON() []byte { return bytes.Clone(defaultPackJSON) }

// Default returns a fresh copy of the embedded default content pack.
func Default() *Pack {
	p, err := Parse(defaultPackJSON)
	if err != nil { // the embedded pack is tested; this cannot happen
		return &Pack{}
	}
	return p
}

// Load reads a pack from r. It fails only when the input is not a JSON object (a
// syntax error reports line:column); values of the wrong type are kept as they are
// (so they export unchanged) and reported by Validate.
func Load(r io.Reader) (*Pack, error) {
	data, err := jsonfile.Read(r, PackLimit)
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	return Parse(data)
}

// LoadFile reads the pack at path (see ReadFile).
func LoadFile(path string) (*Pack, error) {
	_, p, err := ReadFile(path)
	return p, err
}

// ReadFile reads the pack at path through jsonfile.ReadFile (a regular file
// of at most MaxPackSize) and returns its source too (for ProblemLines). Its
// errors are *jsonfile.FileError naming path: "FILE:LINE:COL: message" for
// malformed JSON, "FILE: reason" otherwise.
func ReadFile(path string) ([]byte, *Pack, error) {
	src, err := jsonfile.ReadFile(path, PackLimit)
	if err != nil {
		return nil, nil, err
	}
	p, err := Parse(src)
	if err != nil {
		return nil, nil, jsonfile.WithFile(path, err)
	}
	return src, p, nil
}

// Parse decodes a pack from JSON bytes (see Load). Malformed JSON is a
// *jsonfile.SyntaxError (wrapped, "content: line L:C: message").
func Parse(data []byte) (*Pack, error) {
	root, err := jsonfile.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	if root.Kind != jsonfile.Object {
		return nil, fmt.Errorf("content: the pack is a JSON %s, want an object with sections items, mobs, ...", root.Kind)
	}
	p := &Pack{}
	decodeStruct(root, reflect.ValueOf(p).Elem())
	return p, nil
}

// tree builds the pack's export tree.
func (p *Pack) tree() *jsonfile.Node {
	return encodeStruct(reflect.ValueOf(p).Elem())
}

// MarshalJSON returns the pack as Export writes it.
func (p *Pack) MarshalJSON() ([]byte, error) {
	return jsonfile.Indent(p.tree()), nil
}

// Export writes the pack: pretty-printed with two-space indentation, imported keys in
// input order, new entries' keys in the model's canonical order, unknown fields kept.
func (p *Pack) Export(w io.Writer) error {
	b, _ := p.MarshalJSON()
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("content: writing pack: %w", err)
	}
	return nil
}
