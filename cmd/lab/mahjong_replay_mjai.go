package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"gamelab/protocol/mjai"
	"gamelab/sim/mahjong"
)

// mjaiLog reports whether raw is an mjai log (gzipped or not: its first
// byte after blanks is '{') and reads it.
func mjaiLog(raw []byte) ([]mjai.Message, bool, error) {
	if len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, true, err
		}
		if raw, err = io.ReadAll(zr); err != nil {
			return nil, true, err
		}
	}
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' {
		return nil, false, nil
	}
	log, err := mjai.ReadLog(bytes.NewReader(t))
	return log, true, err
}

// replayMjai replays an mjai log under Tenhou rules and prints OK or the
// mismatch; it reports whether the log replayed.
func replayMjai(w io.Writer, path string, log []mjai.Message, quiet bool) bool {
	sum, err := mjai.Replay(log, mahjong.Tenhou())
	switch {
	case errors.Is(err, mjai.ErrReplay):
		fmt.Fprintf(w, "%s: MISMATCH %v\n", path, err)
		return false
	case err != nil:
		fmt.Fprintf(w, "%s: MISMATCH %v\n", path, err)
		return false
	case !quiet:
		fmt.Fprintf(w, "%s: OK mjai log, %d hands, %d actions, %d wins, %d draws (ryuukyoku), final %v\n",
			path, sum.Hands, sum.Actions, sum.Wins, sum.Draws, sum.Final)
	}
	return true
}
