#!/bin/bash
# submit.sh RUN_DIR TASKS [lab arena flags...]
#
# Queues TASKS array tasks of arena.sbatch (one shard each, into
# RUN_DIR/shard-i) and a merge job that runs after all of them succeeded
# (--dependency=afterok), then prints the two job ids. Give the lab arena
# flags of the run, with an explicit --seed so every task plays the same run.
# Extra sbatch options (partition, account, time) go in SBATCH_ARGS.
#
#   LAB=$HOME/bin/lab deploy/slurm/submit.sh $PWD/runs/r1 16 \
#       --game liarsbar --players bayes,honest,random --games 10000000 --seed 7
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: submit.sh RUN_DIR TASKS [lab arena flags...]" >&2; exit 2
fi
run_dir=$1 tasks=$2; shift 2
case $tasks in ''|*[!0-9]*|0) echo "submit.sh: TASKS must be a positive number, got '$tasks'" >&2; exit 2;; esac
case " $* " in *" --seed "*|*" --seed="*) ;; *) echo "submit.sh: give --seed so every task plays the same run" >&2; exit 2;; esac
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$run_dir"
run_dir=$(cd "$run_dir" && pwd)
export RUN_DIR=$run_dir SHARDS=$tasks
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_ARGS:-} --chdir="$run_dir" --array=0-$((tasks - 1)) "$here/arena.sbatch" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} --chdir="$run_dir" --dependency=afterok:"$array" "$here/merge.sbatch")
echo "array $array merge ${merge%%;*}"
