module github.com/smolbots/smolbots/examples/conform/temoto

go 1.26

require github.com/temoto/robotstxt v1.1.2
