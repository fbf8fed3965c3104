package main

import "context"

func runCompile(ctx context.Context, e *env, args []string) error {
	return usageError("compile is not built yet")
}

func runSnapshot(ctx context.Context, e *env, args []string) error {
	return usageError("snapshot is not built yet")
}
