package datasets

import (
	"testing"

	"github.com/parquet-go/parquet-go"
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
