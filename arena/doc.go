// Package arena schedules games between strategies, runs them in parallel
// with results that do not depend on the worker count, and rates and tests
// the strategies (ratings with confidence intervals, SPRT, tuning). It is
// the only generic layer of the lab: each game registers a Runner.
package arena
