package portable

import "strings"

// DiffOp is one line of a line diff: kept ('='), only in the old text
// ('-') or only in the new one ('+'). Old and New are 1-based line
// numbers, 0 on the side the line is missing from.
type DiffOp struct {
	Kind     byte
	Old, New int
}

// maxDiffEdits bounds the search for a shortest diff. Its memory grows
// with the square of the edits; past this many, the differing middle of
// the two texts is shown as removed and added whole, which is still a
// true diff, only a longer one.
const maxDiffEdits = 1000

// DiffLines compares two texts' lines (SplitLines) and gives a
// shortest edit script (Myers' algorithm), from the first line to the
// last of both.
func DiffLines(a, b []string) []DiffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := make([]DiffOp, 0, max(len(a), len(b))+8)
	for i := 0; i < pre; i++ {
		ops = append(ops, DiffOp{'=', i + 1, i + 1})
	}
	for _, op := range middle(ids(a[pre:len(a)-suf], b[pre:len(b)-suf])) {
		if op.Old > 0 {
			op.Old += pre
		}
		if op.New > 0 {
			op.New += pre
		}
		ops = append(ops, op)
	}
	for i := suf; i > 0; i-- {
		ops = append(ops, DiffOp{'=', len(a) - i + 1, len(b) - i + 1})
	}
	return ops
}

// ids numbers the distinct lines, so the search compares integers.
func ids(a, b []string) ([]int32, []int32) {
	seen := map[string]int32{}
	conv := func(ls []string) []int32 {
		out := make([]int32, len(ls))
		for i, l := range ls {
			id, ok := seen[l]
			if !ok {
				id = int32(len(seen))
				seen[l] = id
			}
			out[i] = id
		}
		return out
	}
	return conv(a), conv(b)
}

// middle is Myers' greedy search with its trace kept, then walked back.
func middle(a, b []int32) []DiffOp {
	n, m := len(a), len(b)
	whole := func() []DiffOp {
		out := make([]DiffOp, 0, n+m)
		for i := range a {
			out = append(out, DiffOp{'-', i + 1, 0})
		}
		for j := range b {
			out = append(out, DiffOp{'+', 0, j + 1})
		}
		return out
	}
	if n == 0 || m == 0 {
		return whole()
	}
	limit := min(n+m, maxDiffEdits)
	off := limit + 1
	v := make([]int32, 2*limit+3)
	var trace [][]int32 // trace[d] is v[-d..d] before step d
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int32(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = int(v[off+k+1]) // down: a line of b added
			} else {
				x = int(v[off+k-1]) + 1 // right: a line of a removed
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = int32(x)
			if x >= n && y >= m {
				return backtrack(trace, n, m, d, k)
			}
		}
	}
	return whole()
}

// backtrack walks the trace from (n, m), reached on diagonal k after d
// edits, back to the start: each step is one edit, after a run of kept
// lines.
func backtrack(trace [][]int32, n, m, d, k int) []DiffOp {
	var rev []DiffOp
	x, y := n, m
	for ; d > 0; d-- {
		prev := trace[d] // diagonal j after d-1 edits is prev[j+d]
		pk := k - 1
		if k == -d || k != d && prev[k-1+d] < prev[k+1+d] {
			pk = k + 1
		}
		px := int(prev[pk+d])
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, DiffOp{'=', x + 1, y + 1})
		}
		if pk == k+1 {
			rev = append(rev, DiffOp{'+', 0, y})
		} else {
			rev = append(rev, DiffOp{'-', x, 0})
		}
		x, y, k = px, py, pk
	}
	for x > 0 {
		x, y = x-1, y-1
		rev = append(rev, DiffOp{'=', x + 1, y + 1})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// SplitLines cuts a text into lines as the parser does: a line ends at
// "\r\n", "\n" or "\r", and a final terminator starts no line. The
// line numbers of fix's changes count these lines.
func SplitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
	return out
}
