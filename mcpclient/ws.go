package mcpclient

import (
	"context"
	"errors"
	"io"
)

// dialWebSocket is replaced by the WebSocket transport in a later commit.
func dialWebSocket(ctx, life context.Context, sc ServerConfig) (io.ReadWriteCloser, error) {
	return nil, errors.New("websocket transport is not built yet")
}
