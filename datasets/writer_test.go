package datasets

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"gamelab/sim/simtest"
)

func TestCreatedByNamesTheRevision(t *testing.T) {
	for _, c := range []struct{ version, want string }{
		{"(devel) 8410ef5c1a2b+dirty go1.26.8", "gamelab version (devel) (build 8410ef5c1a2b+dirty go1.26.8)"},
		{"", "gamelab version unknown (build )"},
	} {
		var cfg parquet.WriterConfig
		createdBy(c.version).ConfigureWriter(&cfg)
		if cfg.CreatedBy != c.want {
			t.Errorf("createdBy(%q) = %q, want %q", c.version, cfg.CreatedBy, c.want)
		}
	}
}

// The Parquet schemas of the three tables are what docs/datasets.md
// documents: a change shows up here (go test ./datasets -run Schema
// -update rewrites the golden file; then update the docs).
func TestSchemaGolden(t *testing.T) {
	var b strings.Builder
	for _, s := range []parquet.Node{parquet.SchemaOf(GameRow{}), parquet.SchemaOf(SeatRow{}), parquet.SchemaOf(DecisionRow{})} {
		fmt.Fprintf(&b, "%v\n\n", s)
	}
	simtest.Golden(t, "testdata/schema.golden", []byte(b.String()))
}
