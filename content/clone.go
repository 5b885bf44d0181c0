package content

// Clone returns a deep copy of p, lossless like Export (unknown fields, key
// order and number spelling are kept), for editors that never change a pack
// they have shown (undo keeps the old one).
func (p *Pack) Clone() *Pack {
	data, _ := p.MarshalJSON()
	q, err := Parse(data)
	if err != nil { // MarshalJSON writes what Parse reads; cannot happen
		return &Pack{}
	}
	return q
}
