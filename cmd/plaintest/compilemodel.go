package main

// Which translator compile uses (--translator, --model and the OPENAI_*
// settings), and what it says about the model's work: the progress note,
// the summary of who read each action, the tokens.

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/heal"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
	"github.com/plaintest/plaintest/translator/llm"
)

// The environment variables of the model settings.
const (
	envAPIKey  = "OPENAI_API_KEY"
	envBaseURL = "OPENAI_BASE_URL"
	envModel   = "PLAINTEST_MODEL"
	// envAPIVersion is Azure OpenAI's api-version, under the name
	// OpenAI's own SDKs read it.
	envAPIVersion = "OPENAI_API_VERSION"
)

// modelFlags are the model settings of compile, and of replay --heal.
type modelFlags struct {
	model, cache string
	noCache      bool
	budget       int
	origins      listFlag
	timeout      time.Duration
}

// modelFlagNames are the flags add registers.
var modelFlagNames = []string{"model", "budget", "allow-origin", "cache", "no-cache", "model-timeout"}

// add registers the flags.
func (m *modelFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&m.model, "model", "", "language `model` (default $"+envModel+", else "+llm.DefaultModel+")")
	fs.IntVar(&m.budget, "budget", prompt.DefaultBudget, "most `tokens` of the page in a model's prompt")
	fs.Var(&m.origins, "allow-origin", "another `origin` the model may go to (repeatable)")
	fs.StringVar(&m.cache, "cache", filepath.Join(".sandy", "cache"), "`dir` of the model's answers")
	fs.BoolVar(&m.noCache, "no-cache", false, "ask the model again, keeping nothing")
	fs.DurationVar(&m.timeout, "model-timeout", llm.DefaultModelTimeout, "how long one request to the model may take")
}

// chosen is the translator compile uses: name is what the result and the
// export call it (auto with no model is the rules), note the line that
// says what it is.
type chosen struct {
	tr         translator.Translator
	name, note string
	// tokens is the tokenizer the compile's figures are counted in: the
	// model's, or with no model tokens.Default's.
	tokens *tokens.Counter
}

// translatorFor returns the translator --translator names for sc; a model
// is set up when OPENAI_API_KEY or OPENAI_BASE_URL is set.
func (m *modelFlags) translatorFor(which string, sc *parser.Scenario, getenv func(string) string) (chosen, error) {
	base, set, err := m.options(getenv)
	if err != nil {
		return chosen{}, err
	}
	rules := grammar.NewRules()
	if which == "rules" {
		return chosen{rules, "rules", "using the rules translator (no model)", tokens.Default()}, nil
	}
	if !set {
		if which == "llm" {
			return chosen{}, usageError("--translator llm needs a model server: set %s, or %s for a local one (Ollama: http://localhost:11434/v1)", envAPIKey, envBaseURL)
		}
		return chosen{translator.NewAuto(rules, nil), "rules", fmt.Sprintf("no language model set up (%s or %s): using the rules translator only", envAPIKey, envBaseURL), tokens.Default()}, nil
	}
	opts := base
	opts.Origins, opts.Secrets, opts.Variables = append([]string{sc.URL}, m.origins...), sc.Secrets, sc.Variables
	model, err := llm.New(opts)
	if err != nil {
		return chosen{}, usageError("%v (see --allow-origin and %s)", err, envBaseURL)
	}
	server := "OpenAI"
	if base.BaseURL != "" {
		server = parser.MaskSecrets(base.BaseURL, sc.Secrets)
	}
	count, _ := tokens.Of(string(model.Tokenizer()))
	if which == "llm" {
		return chosen{model, "llm", fmt.Sprintf("using the language model %s at %s for every action", model.Model(), server), count}, nil
	}
	return chosen{translator.NewAuto(rules, model), "auto", fmt.Sprintf("using the rules translator, and the language model %s at %s for what it cannot read", model.Model(), server), count}, nil
}

// options are the model's options the flags and the environment give
// (no origins, variables or secrets: those are the scenario's); set is
// false when no model is set up (neither OPENAI_API_KEY nor
// OPENAI_BASE_URL).
func (m *modelFlags) options(getenv func(string) string) (o llm.Options, set bool, err error) {
	if m.budget <= 0 || m.timeout <= 0 {
		return o, false, usageError("--budget wants a positive number of tokens and --model-timeout a positive duration")
	}
	key, base := getenv(envAPIKey), getenv(envBaseURL)
	model := m.model
	if model == "" {
		model = getenv(envModel)
	}
	o = llm.Options{BaseURL: base, APIKey: key, APIVersion: getenv(envAPIVersion), Model: model, Budget: m.budget, Timeout: m.timeout}
	if !m.noCache {
		o.CacheDir = m.cache
	}
	return o, key != "" || base != "", nil
}

// usesModel reports whether tr asks a language model.
func usesModel(tr translator.Translator) bool {
	switch t := tr.(type) {
	case *llm.Translator:
		return true
	case *translator.Auto:
		return t.Model != nil
	}
	return false
}

// healer is what re-reads steps for --heal: the rules translator, and the
// language model too when one is set up (OPENAI_API_KEY or
// OPENAI_BASE_URL), as compile's --translator auto, for each scenario
// within its BASE_URL's, target_url's and --allow-origin's origins.
func (m *modelFlags) healer(timeout time.Duration, getenv func(string) string) (replay.Healer, error) {
	o, set, err := m.options(getenv)
	if err != nil {
		return nil, err
	}
	if !set {
		return &heal.Rereader{Timeout: timeout}, nil
	}
	o.Origins = m.origins
	h, err := heal.NewModelRereader(o, timeout)
	if err != nil {
		return nil, usageError("--heal: %v (see --allow-origin and %s)", err, envBaseURL)
	}
	return h, nil
}
