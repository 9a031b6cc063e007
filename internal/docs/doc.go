// Package docs holds the tests of the repository's Markdown: README.md
// stays a short front door, and every relative link and anchor in it and
// in docs/*.md leads somewhere.
package docs
