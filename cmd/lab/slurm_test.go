package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// slurmCluster is a one-node Slurm cluster on 127.0.0.1 (munged, slurmctld
// and slurmd from Debian's munge, slurmctld and slurmd packages), with its
// configuration, state and logs in a temporary directory.
type slurmCluster struct {
	dir  string
	conf string
}

// startSlurm starts the cluster or skips the test saying why; under
// CI=true a missing or broken Slurm fails the test instead (.ci/run
// installs it).
func startSlurm(t *testing.T) *slurmCluster {
	t.Helper()
	unavailable := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("CI") == "true" {
			t.Fatalf("slurm end-to-end test cannot run under CI: %s", msg)
		}
		t.Skipf("slurm end-to-end test skipped: %s", msg)
	}
	// daemons live in /usr/sbin, which a non-login PATH may lack
	if !strings.Contains(":"+os.Getenv("PATH")+":", ":/usr/sbin:") {
		t.Setenv("PATH", os.Getenv("PATH")+":/usr/sbin")
	}
	for _, bin := range []string{"munged", "slurmctld", "slurmd", "sbatch", "scontrol", "sinfo"} {
		if _, err := exec.LookPath(bin); err != nil {
			unavailable("%s not found (apt-get install munge slurmctld slurmd slurm-client)", bin)
		}
	}
	if os.Geteuid() != 0 {
		unavailable("slurmd needs root")
	}
	host, err := os.Hostname()
	if err != nil {
		unavailable("no hostname: %v", err)
	}
	host, _, _ = strings.Cut(host, ".")
	// a short path: munge's socket path must fit in sun_path
	dir, err := os.MkdirTemp("", "labslurm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, d := range []string{"munge", "state", "spool", "runs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c := &slurmCluster{dir: dir, conf: filepath.Join(dir, "slurm.conf")}
	key := make([]byte, 1024)
	if f, err := os.Open("/dev/urandom"); err == nil {
		f.Read(key)
		f.Close()
	}
	mdir := filepath.Join(dir, "munge")
	if err := os.WriteFile(filepath.Join(mdir, "munge.key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(mdir, "sock")
	if out, err := exec.Command("munged", "--force", "--socket="+sock, "--key-file="+filepath.Join(mdir, "munge.key"),
		"--log-file="+filepath.Join(mdir, "log"), "--pid-file="+filepath.Join(mdir, "pid"),
		"--seed-file="+filepath.Join(mdir, "seed")).CombinedOutput(); err != nil {
		unavailable("munged: %v: %s", err, out)
	}
	t.Cleanup(func() { killPidFile(filepath.Join(mdir, "pid")) })
	ctld, slurmd := freePort(t), freePort(t)
	conf := fmt.Sprintf(`ClusterName=labtest
SlurmctldHost=%[1]s(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=%[2]d
SlurmdPort=%[3]d
AuthType=auth/munge
AuthInfo=socket=%[4]s
CredType=cred/munge
StateSaveLocation=%[5]s/state
SlurmdSpoolDir=%[5]s/spool
SlurmctldPidFile=%[5]s/slurmctld.pid
SlurmdPidFile=%[5]s/slurmd.pid
SlurmctldLogFile=%[5]s/slurmctld.log
SlurmdLogFile=%[5]s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
NodeName=%[1]s NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=lab Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, host, ctld, slurmd, sock, dir)
	if err := os.WriteFile(c.conf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("slurmctld", "-f", c.conf, "-i").CombinedOutput(); err != nil {
		unavailable("slurmctld: %v: %s", err, out)
	}
	t.Cleanup(func() { killPidFile(filepath.Join(dir, "slurmctld.pid")) })
	if out, err := exec.Command("slurmd", "-f", c.conf, "-N", host).CombinedOutput(); err != nil {
		unavailable("slurmd: %v: %s", err, out)
	}
	t.Cleanup(func() { killPidFile(filepath.Join(dir, "slurmd.pid")) })
	deadline := time.Now().Add(60 * time.Second)
	for {
		out, _ := c.cmd("sinfo", "-h", "-o", "%T").Output()
		if s := strings.TrimSpace(string(out)); s == "idle" || s == "mixed" || s == "allocated" {
			break
		}
		if time.Now().After(deadline) {
			logs, _ := os.ReadFile(filepath.Join(dir, "slurmctld.log"))
			unavailable("the node never became idle (sinfo %q); slurmctld.log:\n%s", out, logs)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return c
}

// cmd is a Slurm client command talking to this cluster.
func (c *slurmCluster) cmd(name string, args ...string) *exec.Cmd {
	x := exec.Command(name, args...)
	x.Env = append(os.Environ(), "SLURM_CONF="+c.conf)
	return x
}

// jobState is a job's state as scontrol reports it ("COMPLETED", ...); for
// an array job, the states of its tasks joined by spaces.
func (c *slurmCluster) jobState(id string) string {
	out, _ := c.cmd("scontrol", "-o", "show", "job", id).Output()
	var states []string
	for _, line := range strings.Split(string(out), "\n") {
		for _, f := range strings.Fields(line) {
			if s, ok := strings.CutPrefix(f, "JobState="); ok {
				states = append(states, s)
			}
		}
	}
	return strings.Join(states, " ")
}

func killPidFile(path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var pid int
	if _, err := fmt.Sscan(string(raw), &pid); err == nil && pid > 0 {
		if p, err := os.FindProcess(pid); err == nil {
			p.Kill()
		}
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// The job script of deploy/slurm on a real (one-node) Slurm cluster: a
// 4-task array plays the shards, the dependent merge job joins them, and
// the merged summary and rows equal the unsharded run's.
func TestSlurmArrayMergesToUnsharded(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster")
	}
	c := startSlurm(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// the test binary stands in for lab (see TestMain)
	lab := filepath.Join(c.dir, "lab")
	if err := os.WriteFile(lab, []byte("#!/bin/sh\nexport "+shellJoin(labEnv())+"\nexec "+self+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	run := []string{"--game", "liarsbar", "--players", "bayes,honest,random", "--games", "2400", "--seed", "9", "--decisions"}
	runDir := filepath.Join(c.dir, "runs", "r1")
	submit, _ := filepath.Abs("../../deploy/slurm/submit.sh")
	sub := c.cmd(submit, append([]string{runDir, "4"}, run...)...)
	sub.Env = append(sub.Env, "LAB="+lab)
	out, err := sub.CombinedOutput()
	if err != nil {
		t.Fatalf("submit.sh: %v\n%s", err, out)
	}
	var array, merge string
	if _, err := fmt.Sscanf(string(out), "array %s merge %s", &array, &merge); err != nil {
		t.Fatalf("submit.sh printed %q", out)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		st := c.jobState(merge)
		if st == "COMPLETED" {
			break
		}
		if strings.Contains(st, "FAIL") || strings.Contains(st, "CANCEL") || time.Now().After(deadline) {
			logs, _ := filepath.Glob(filepath.Join(runDir, "*.log"))
			var text []string
			for _, l := range logs {
				b, _ := os.ReadFile(l)
				text = append(text, l+":\n"+string(b))
			}
			t.Fatalf("merge job %s: %q, array %s: %q\n%s", merge, st, array, c.jobState(array), strings.Join(text, "\n"))
		}
		time.Sleep(300 * time.Millisecond)
	}
	if st := c.jobState(array); strings.Count(st, "COMPLETED") != 4 {
		t.Errorf("array tasks: %q, want 4 COMPLETED", st)
	}
	full := filepath.Join(c.dir, "full")
	labRun(t, append(append([]string{"arena"}, run...), "--out", full)...)
	sameRun(t, full, filepath.Join(runDir, "merged"))
}
