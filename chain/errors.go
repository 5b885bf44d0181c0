package chain

import "hewn/chain/jsonfile"

// Problem is one thing wrong with a chain, located by its JSON path
// ("steps[1].params.x"); its Step is the index of the top-level step
// concerned, or -1. It is jsonfile's problem, the one of every loader.
type Problem = jsonfile.Problem

// Problems is a list of problems; as an error it prints one per line.
type Problems = jsonfile.Problems
