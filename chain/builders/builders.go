// Package builders registers every Hewn map builder with package chain. Import
// it for its side effects, like an image format:
//
//	import _ "hewn/chain/builders"
//
// The builders live in subpackages by family (rooms, caves, spawn, special) and
// share their helpers through internal/kit.
package builders

import (
	_ "hewn/chain/builders/caves"   // organic builders and area placement
	_ "hewn/chain/builders/rooms"   // room-based builders
	_ "hewn/chain/builders/spawn"   // spawners
	_ "hewn/chain/builders/special" // town, prefab, wfc, decorators, sub_chain
)
