package main

import "context"

// runReplay is written by the replay work; see replay/.
func runReplay(ctx context.Context, e *env, args []string) error {
	return usageError("replay is not built yet")
}

// runValidate is written by the replay work; see sandy/.
func runValidate(ctx context.Context, e *env, args []string) error {
	return usageError("validate is not built yet")
}
