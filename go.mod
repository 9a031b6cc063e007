module github.com/smolbots/smolbots

go 1.26
