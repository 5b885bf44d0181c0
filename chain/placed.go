package chain

// Placement is where a step stamped a prefab template onto the map: what the
// editor outlines when it shows where the chain placed a prefab.
type Placement struct {
	// Step is the step that stamped it.
	Step StepRef
	// Rect is the part of the map the template covers (cut to the map).
	Rect Rect
	// Name is the template's name: a project or built-in prefab's, a prefab
	// file's path, or "" for rows written into the step.
	Name string
}

// Place records that the running step stamped the template name over r (see
// Placement); the run's Result lists it.
func (s *State) Place(r Rect, name string) {
	if s.placed == nil {
		s.placed = new([]Placement)
	}
	*s.placed = append(*s.placed, Placement{Step: s.step, Rect: r.Intersect(s.Map.Bounds()), Name: name})
}

// Placements returns the placements recorded so far (by this state's steps
// and their sub-chains).
func (s *State) Placements() []Placement {
	if s.placed == nil {
		return nil
	}
	return *s.placed
}
