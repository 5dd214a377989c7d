package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"gamelab/protocol/nostr"
)

func init() {
	groupSummary["nostr"] = "Nostr tools (keygen)"
	registerSub("nostr", &command{name: "keygen", summary: "make a Nostr key pair (nsec/npub), optionally into a 0600 key file", run: runNostrKeygen})
}

func runNostrKeygen(ctx context.Context, args []string) error {
	fset := flagSet("lab nostr keygen [--out FILE]", `
Makes a fresh Nostr identity for the live player. Prints the npub (public:
your name at the table) and the nsec (the secret key: whoever has it plays as
you). With --out the nsec goes into FILE instead, created with mode 0600 and
never overwritten, and only the npub and the path are printed; use it with
lab live mahjong --key-file FILE.
Example: lab nostr keygen --out me.nsec`)
	out := fset.String("out", "", "write the nsec to this new file (mode 0600) instead of printing it")
	pos, err := parseFlags(fset, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("lab nostr keygen: unexpected argument %q", pos[0])
	}
	k := nostr.GenerateKeys()
	nsec, err := k.Nsec()
	if err != nil {
		return err
	}
	if *out == "" {
		fmt.Fprintf(stdout, "npub %s\nnsec %s\n", k.Npub, nsec)
		return nil
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return usagef("lab nostr keygen: %s exists; not overwriting a key", *out)
	}
	if err != nil {
		return usagef("lab nostr keygen: %v", err)
	}
	if _, err := fmt.Fprintln(f, nsec); err != nil {
		f.Close()
		return fmt.Errorf("lab nostr keygen: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("lab nostr keygen: %w", err)
	}
	fmt.Fprintf(stdout, "npub %s\nkey file %s (mode 0600)\n", k.Npub, *out)
	return nil
}
