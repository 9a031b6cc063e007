module github.com/smolbots/smolbots/bench

go 1.26

replace github.com/smolbots/smolbots => ../

require (
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/smolbots/smolbots v0.0.0-00010101000000-000000000000
	github.com/temoto/robotstxt v1.1.2
)
