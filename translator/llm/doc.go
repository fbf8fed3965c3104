// Package llm is the model translator: it asks an OpenAI-compatible
// language model (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, llama.cpp,
// LiteLLM) for one step at a time through the intermediate_step function,
// and checks each answer against the page before it becomes a step.
package llm
