module github.com/smolbots/smolbots/examples/conform/grobotstxt

go 1.26

require github.com/jimsmart/grobotstxt v1.0.3
