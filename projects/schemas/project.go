package schemas

import (
	"reflect"
	"regexp"

	"hewn/chain"
	js "hewn/chain/jsonfile/jsonschema"
	"hewn/chain/metrics"
	"hewn/projects"
)

// projectSchema is the schema of project files: the current format
// (projects.Format), and the older ones projects.Decode migrates: "version":
// 1, and the pre-release format with neither "format" nor "version" (a
// "master_seed", and levels holding "width", "height" and "steps").
func projectSchema() *js.Schema {
	seed := &js.Schema{Type: js.Types{"integer"}, Minimum: 0}
	s := js.Object(js.Props{
		js.P("format", formatProp(projects.Format)),
		js.P("version", &js.Schema{Description: "an older project's version (1): it names no format", Const: 1}),
		js.P("master_seed", &js.Schema{Description: "the pre-release format's seed", Type: js.Types{"integer"}, Minimum: 0}),
		js.P("name", js.Of("string")),
		js.P("seed", seed),
		js.P("content", &js.Schema{Description: "the content pack's path, relative to the project file (none: the embedded pack)", Type: js.Types{"string"}}),
		js.P("legend", js.ArrayOf(js.Ref("legend_entry"))),
		js.P("themes", js.ArrayOf(js.Ref("theme"))),
		js.P("prefabs", js.ArrayOf(js.Ref("prefab"))),
		js.P("levels", js.Of("array")),
		js.P("settings", js.Ref("settings")),
	}, "levels")
	s.Title = "Hewn project"
	s.Description = "A project file (*.hewn.json), " + projects.Format + `; "version": 1 and unversioned files are older formats Hewn migrates.`
	current := js.Required("format")
	v1 := js.Required("version")
	s.AllOf = []*js.Schema{
		{If: current, Then: &js.Schema{Not: &js.Schema{AnyOf: []*js.Schema{v1, js.Required("master_seed")}}}},
		{
			If:   &js.Schema{AnyOf: []*js.Schema{current, v1}},
			Then: &js.Schema{Properties: js.Props{js.P("levels", js.ArrayOf(js.Ref("level")))}, Not: js.Required("master_seed")},
			Else: &js.Schema{Properties: js.Props{js.P("levels", js.ArrayOf(js.Ref("level_v0")))}},
		},
	}
	level := js.Props{
		js.P("depth", js.IntRange(0, 1000)),
		js.P("name", js.Of("string")),
		js.P("theme", &js.Schema{Description: "a theme of the project's or a built-in one", Type: js.Types{"string"}}),
		js.P("theme_split", js.Object(js.Props{js.P("region", js.Enum(projects.SplitRegions...)), js.P("theme", js.Of("string"))})),
		js.P("seed", &js.Schema{Description: "the level's pinned seed; null derives it from the project's seed and the depth",
			Type: js.Types{"integer", "null"}, Minimum: 0}),
		js.P("accept", js.Ref("accept")),
		js.P("chain", js.Ref("chain_body")),
		js.P("pins", js.ArrayOf(js.Object(js.Props{js.P("seed", seed),
			js.P("fingerprint", &js.Schema{Type: js.Types{"string"}, Pattern: "^sha256:[0-9a-f]{64}$"})}, "seed", "fingerprint"))),
	}
	s.Defs.Set("level", js.Object(level, "chain"))
	v0 := append(js.Props{}, level...)
	v0 = append(v0, js.Prop{Name: "width", Schema: js.IntRange(chain.MinSize, chain.MaxSize)},
		js.Prop{Name: "height", Schema: js.IntRange(chain.MinSize, chain.MaxSize)}, js.Prop{Name: "steps", Schema: js.Ref("steps")})
	level0 := js.Object(v0)
	level0.AnyOf = []*js.Schema{js.Required("chain"), js.Required("steps")}
	s.Defs.Set("level_v0", level0)
	s.Defs.Set("accept", js.Object(js.Props{
		js.P("rules", js.ArrayOf(js.Object(js.Props{
			js.P("metric", &js.Schema{Description: "a metric of hewn stats: " + metrics.Describe(), AnyOf: []*js.Schema{
				js.Enum(metrics.Names...), {Type: js.Types{"string"}, Pattern: "^" + regexp.QuoteMeta(metrics.SpawnPrefix) + ".+"}}}),
			js.P("min", js.Of("number")), js.P("max", js.Of("number"))}, "metric"))),
		js.P("tries", js.IntRange(1, projects.MaxTries)),
	}))
	colour := &js.Schema{Type: js.Types{"string"}, Pattern: "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$"}
	tiles := make([]string, 0, len(chain.Tiles()))
	for _, t := range chain.Tiles() {
		tiles = append(tiles, t.String())
	}
	s.Defs.Set("look", js.Object(js.Props{js.P("glyph", &js.Schema{Type: js.Types{"string"}, MinLength: js.Int(1), MaxLength: js.Int(1)}),
		js.P("fg", colour), js.P("bg", colour)}, "glyph", "fg", "bg"))
	s.Defs.Set("theme", js.Object(js.Props{
		js.P("name", &js.Schema{Type: js.Types{"string"}, Pattern: `\S`}),
		js.P("tiles", &js.Schema{Type: js.Types{"object"}, PropertyNames: js.Enum(tiles...), AdditionalProperties: js.Ref("look")}),
		js.P("box_walls", js.Of("boolean")),
	}, "name"))
	s.Defs.Set("prefab", js.Object(js.Props{js.P("name", &js.Schema{Type: js.Types{"string"}, Pattern: `\S`}),
		js.P("template", js.ArrayOf(js.Of("string")))}, "name", "template"))
	r := &js.Reflector{}
	s.Defs.Set("legend_entry", r.Struct(reflect.TypeFor[projects.LegendEntry]()))
	s.Defs.Get("legend_entry").Required = []string{"glyph"}
	s.Defs.Set("settings", r.Struct(reflect.TypeFor[projects.Settings]()))
	chainDefs(&s.Defs)
	return s
}
