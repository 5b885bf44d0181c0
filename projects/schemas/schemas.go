// Package schemas holds the JSON Schema (2020-12) of every kind of document
// Hewn writes (`hewn schema KIND`): chains and projects written by hand from
// the builder registry's parameter descriptors (a new builder needs no
// schema edit), content packs from content's Go types, the others derived
// from their Go types. Each schema also accepts the older versions of its
// kind that Hewn still reads ("format" is optional, or a constant when
// present, or an older shape). Nothing is built until a schema is asked for.
package schemas

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"hewn/chain"
	js "hewn/chain/jsonfile/jsonschema"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/stats"
)

// BaseID is the start of every schema's $id: BaseID + KIND + ".json"
// (content packs keep content.SchemaID).
const BaseID = "https://hewn.dev/schema/"

// kind is one kind of document: its name, what it is, its format and how
// its schema is made.
type kind struct {
	name, about, format string
	build               func() *js.Schema
}

// kinds lists the kinds in the order `hewn schema` names them.
func kinds() []kind {
	return []kind{
		{"level", "a generated level (hewn run --format json)", chain.LevelFormat, levelSchema},
		{"chain", "a chain file", chain.ChainFormat, chainSchema},
		{"project", "a project file (*.hewn.json)", projects.Format, projectSchema},
		{"content", "a content pack (the tutorial's spawns.json; no format key)", "", nil},
		{"stats", "a stats report (hewn stats)", stats.Format, statsSchema},
		{"balance", "a balance report (hewn stats --bot)", stats.BalanceFormat, balanceSchema},
		{"session", "a play session (the editor's Save session)", play.SessionFormat, sessionSchema},
		{"play", "a play state (hewn play)", play.StateFormat, playSchema},
		{"tune", "a tune archive (hewn tune)", stats.TuneFormat, tuneSchema},
		{"sensitivity", "a sensitivity report (hewn tune --sensitivity)", stats.SensitivityFormat, sensitivitySchema},
		{"odds", "the spawn odds at a depth (hewn content odds)", content.OddsFormat, oddsSchema},
		{"view", "a level as the editor draws it (the runtime's hewn_view)", projects.ViewFormat, viewSchema},
	}
}

// Kind describes one kind of document for a listing.
type Kind struct {
	// Name is what `hewn schema` takes: "level", "chain", ...
	Name string
	// About says what documents of the kind are.
	About string
	// Format is the kind's current format ("" for content packs, which have none).
	Format string
}

// Kinds lists every kind, in order.
func Kinds() []Kind {
	ks := kinds()
	out := make([]Kind, len(ks))
	for i, k := range ks {
		out[i] = Kind{k.name, k.about, k.format}
	}
	return out
}

// Names lists the kinds' names, in order.
func Names() []string {
	var out []string
	for _, k := range kinds() {
		out = append(out, k.name)
	}
	return out
}

// Schema returns the schema of the named kind as a JSON document (indented,
// a final newline); an unknown kind is an error naming the kinds.
func Schema(name string) ([]byte, error) {
	i := slices.IndexFunc(kinds(), func(k kind) bool { return k.name == name })
	if i < 0 {
		return nil, fmt.Errorf("schemas: unknown kind %q (want %s)", name, strings.Join(Names(), ", "))
	}
	k := kinds()[i]
	if k.build == nil {
		return content.Schema(), nil
	}
	s := k.build()
	s.Schema, s.ID = js.Draft, BaseID+k.name+".json"
	return js.Document(s)
}

// formatProp is the schema of a "format" key: the format itself.
func formatProp(f string) *js.Schema {
	return &js.Schema{Description: "the document's kind and version", Const: f}
}

// reflected derives the schema of a document from its Go type t (its
// fields at the top, encoding/json's null for nil lists and maps allowed),
// its "format" the constant f and optional (older documents have none)
// unless formatRequired.
func reflected(t reflect.Type, f, title, about string, formatRequired bool) *js.Schema {
	r := &js.Reflector{Nullable: true}
	s, err := r.Document(t)
	if err != nil {
		panic(err) // the types of Hewn's own documents: TestEveryKind
	}
	s.Title, s.Description = title, about
	if s.Properties.Get("format") != nil {
		s.Properties.Set("format", formatProp(f))
		if !formatRequired {
			s.Required = slices.DeleteFunc(s.Required, func(k string) bool { return k == "format" })
		}
	}
	return s
}

func levelSchema() *js.Schema {
	s := reflected(reflect.TypeFor[chain.Level](), chain.LevelFormat, "Hewn level",
		"A generated level (hewn run --format json), "+chain.LevelFormat+`; older ones have no "format" and no "try".`, false)
	s.Required = slices.DeleteFunc(s.Required, func(k string) bool { return k == "try" })
	s.Properties.Set("try", &js.Schema{Description: "which roll of the level this is: 1, or more when acceptance rules re-rolled it",
		Type: js.Types{"integer"}, Minimum: 1})
	for _, k := range []string{"width", "height"} {
		s.Properties.Set(k, js.IntRange(chain.MinSize, chain.MaxSize))
	}
	return s
}

func statsSchema() *js.Schema {
	cur := reflected(reflect.TypeFor[stats.Report](), stats.Format, "", "", true)
	legacy := &js.Schema{Type: js.Types{"object"}, Not: js.Required("format"), Properties: js.Props{
		js.P("target", js.Of("string")), js.P("depth", js.Of("integer")), js.P("from", &js.Schema{Type: js.Types{"integer"}, Minimum: 0}),
		js.P("seeds", js.Of("integer")), js.P("shards", js.Of("integer")), js.P("shard", js.ArrayOf(js.Of("integer"))),
		js.P("timing", &js.Schema{AnyOf: []*js.Schema{js.ArrayOf(js.Ref("Timing")), js.Of("null")}}),
		js.P("samples", &js.Schema{AnyOf: []*js.Schema{js.ArrayOf(js.Ref("Sample")), js.Of("null")}}),
	}}
	r := &js.Reflector{Nullable: true}
	r.Defs = cur.Defs
	if r.Type(reflect.TypeFor[stats.Sample]()); r.Err() != nil {
		panic(r.Err())
	}
	s := &js.Schema{Title: "Hewn stats report",
		Description: "A seed sweep's report (hewn stats), " + stats.Format + `; an older report has no "format" and holds every seed's sample.`,
		If:          js.Required("format"), Then: cur, Else: legacy, Defs: r.Defs}
	cur.Defs = nil
	return s
}

func balanceSchema() *js.Schema {
	return reflected(reflect.TypeFor[stats.BalanceReport](), stats.BalanceFormat, "Hewn balance report",
		"A balance sweep's report (hewn stats --bot), "+stats.BalanceFormat+`; an older one has no "format".`, false)
}

func sessionSchema() *js.Schema {
	s := reflected(reflect.TypeFor[play.Session](), play.SessionFormat, "Hewn play session",
		"A play session (the keys pressed and the toggles changed), "+play.SessionFormat+`; an older one names "version": 1 instead.`, false)
	s.Properties.Set("version", &js.Schema{Description: "an older session's version (1): it names no format", Const: 1})
	s.OneOf = []*js.Schema{js.Required("format"), js.Required("version")}
	return s
}

func playSchema() *js.Schema {
	return reflected(reflect.TypeFor[play.State](), play.StateFormat, "Hewn play state",
		"A game's state after the keys played (hewn play), "+play.StateFormat+`; an older one has no "format".`, false)
}

func tuneSchema() *js.Schema {
	return reflected(reflect.TypeFor[stats.Archive](), stats.TuneFormat, "Hewn tune archive",
		"A parameter search's archive (hewn tune), "+stats.TuneFormat+".", true)
}

func sensitivitySchema() *js.Schema {
	return reflected(reflect.TypeFor[stats.Sensitivity](), stats.SensitivityFormat, "Hewn sensitivity report",
		"How each metric moves across each parameter's range (hewn tune --sensitivity), "+stats.SensitivityFormat+".", true)
}

func oddsSchema() *js.Schema {
	return reflected(reflect.TypeFor[content.OddsReport](), content.OddsFormat, "Hewn spawn odds",
		"The spawn odds at a depth (hewn content odds), "+content.OddsFormat+`; older output has no "format".`, false)
}

func viewSchema() *js.Schema {
	return reflected(reflect.TypeFor[projects.View](), projects.ViewFormat, "Hewn level view",
		"A generated level as the editor draws it (the runtime module's hewn_view), "+projects.ViewFormat+`; older output has no "format".`, false)
}
