package statsview

// The chains these tests run need every builder registered, as the
// program (main) registers them.
import _ "hewn/chain/builders"
