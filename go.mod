module github.com/plaintest/plaintest

go 1.26.8

require (
	github.com/PuerkitoBio/goquery v1.13.0
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/coder/websocket v1.8.15
	github.com/cucumber/gherkin/go/v42 v42.0.1
	github.com/cucumber/messages/go/v34 v34.2.0
	github.com/mark3labs/mcp-go v1.2.1
	github.com/mxschmitt/playwright-go v0.6401.0
	github.com/ohler55/ojg v1.28.5
	github.com/sashabaranov/go-openai v1.43.0
	github.com/spf13/pflag v1.0.10
	github.com/tiktoken-go/tokenizer v0.10.0
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/net v0.61.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/andybalholm/cascadia v1.3.4 // indirect
	github.com/deckarep/golang-set/v2 v2.8.0 // indirect
	github.com/dlclark/regexp2/v2 v2.5.1 // indirect
	github.com/go-stack/stack v1.8.1 // indirect
	github.com/google/jsonschema-go v0.4.2 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
