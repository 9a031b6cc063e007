package core

import "slices"

// sortStable sorts s by cmp, keeping equal elements in their order,
// through a permutation of int32 indexes. Every slice sorted this way
// shares one instantiation of the sorting code: slices.SortFunc on a
// struct type gets its own copy, about 20 KB of the page's WebAssembly
// for each type.
func SortStable[T any](s []T, cmp func(a, b *T) int) {
	order := make([]int32, len(s))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int { return cmp(&s[i], &s[j]) })
	sorted := make([]T, len(s))
	for k, i := range order {
		sorted[k] = s[i]
	}
	copy(s, sorted)
}
