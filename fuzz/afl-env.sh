# Sourced by run-short.sh and run-campaign.sh: how AFL++ runs a SharpFuzz harness here.
export AFL_SKIP_BIN_CHECK=1                     # the target is `dotnet`, instrumented by SharpFuzz rather than afl-cc
export AFL_NO_UI=1                              # plain status lines, for logs
export AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1  # core_pattern may pipe to a handler in containers
export AFL_SKIP_CPUFREQ=1
export AFL_NO_AFFINITY=1                        # a shared machine: do not pin a core
export AFL_AUTORESUME=1                         # an existing output folder is resumed, not refused
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
# Each exec gets this long (ms); the IPC target's handshake waits at most 5 s and never should.
AFL_TIMEOUT_MS=${AFL_TIMEOUT_MS:-5000}

# Prints the lines of an AFL++ fuzzer_stats file that a report needs.
afl_summary() {
  local stats=$1/fuzzer_stats
  [ -f "$stats" ] || { echo "no fuzzer_stats in $1"; return; }
  grep -E '^(run_time|execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|bitmap_cvg|stability)' "$stats"
}

# Counts the crash inputs AFL++ saved (its README.txt is not one).
afl_crash_count() {
  find "$1/crashes" -type f ! -name README.txt 2>/dev/null | wc -l
}
