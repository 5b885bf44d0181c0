package content

// Asymmetry is a pair of factions where one attacks the other and the other
// ignores it back: valid, but often an oversight the editor hints at.
type Asymmetry struct {
	// Attacker attacks Ignorer; Ignorer ignores Attacker.
	Attacker, Ignorer string
}

// String words the pair for a hint.
func (a Asymmetry) String() string {
	return a.Attacker + " attacks " + a.Ignorer + ", but " + a.Ignorer + " ignores " + a.Attacker
}

// Asymmetries lists the pairs of factions (in faction table order) where one
// attacks the other and the other ignores it, after the Default fallback.
// The faction named "Player" is left out: the player's side is played, not
// looked up, so everyone attacking a Player who "ignores" them is normal.
func (p *Pack) Asymmetries() []Asymmetry {
	var out []Asymmetry
	fs := p.FactionTable
	for i := range fs {
		for j := i + 1; j < len(fs); j++ {
			a, b := &fs[i], &fs[j]
			if a.Name == "Player" || b.Name == "Player" || a.Name == b.Name {
				continue
			}
			ab, ba := a.Reaction(b.Name), b.Reaction(a.Name)
			switch {
			case ab == Attack && ba == Ignore:
				out = append(out, Asymmetry{a.Name, b.Name})
			case ba == Attack && ab == Ignore:
				out = append(out, Asymmetry{b.Name, a.Name})
			}
		}
	}
	return out
}
