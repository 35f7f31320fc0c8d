#!/usr/bin/env bash
# A ZooKeeper ensemble of three separate server processes (QuorumPeerMain from the
# org.apache.zookeeper:zookeeper jar), on loopback ports only, for trying fault scenarios by hand.
#
#   scripts/zk-ensemble.sh start          start servers 1..3 and wait for a leader
#   scripts/zk-ensemble.sh status         pid and mode (leader/follower) of each server
#   scripts/zk-ensemble.sh kill-leader    SIGKILL the current leader
#   scripts/zk-ensemble.sh restart N      start server N again (after a kill)
#   scripts/zk-ensemble.sh stop           stop exactly the processes this script started
#
# Client connect string: 127.0.0.1:22181,127.0.0.1:22182,127.0.0.1:22183 (ZK_BASE_PORT moves it).
# State (configs, data, logs, pid files) lives in target/zk-ensemble (ZK_ENSEMBLE_DIR moves it).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=${ZK_ENSEMBLE_DIR:-$root/target/zk-ensemble}
base=${ZK_BASE_PORT:-22181}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

client_port() { echo $((base + $1 - 1)); }
quorum_port() { echo $((base + 700 + $1 - 1)); }
election_port() { echo $((base + 1700 + $1 - 1)); }

classpath() {
  if [ ! -s "$work/classpath.txt" ]; then
    mkdir -p "$work"
    "$root/mvnw" -q -B -f "$root/pom.xml" -pl lock-spring-boot-autoconfigure dependency:build-classpath \
      -Dmdep.includeScope=runtime -Dmdep.outputFile="$work/classpath.txt" >&2
  fi
  cat "$work/classpath.txt"
}

configure() {
  local id=$1 data="$work/zk$1"
  mkdir -p "$data"
  echo "$id" > "$data/myid"
  {
    echo "tickTime=1000"; echo "initLimit=10"; echo "syncLimit=5"
    echo "dataDir=$data"; echo "clientPort=$(client_port "$id")"; echo "clientPortAddress=127.0.0.1"
    echo "admin.enableServer=false"; echo "4lw.commands.whitelist=srvr,ruok"
    for n in 1 2 3; do echo "server.$n=127.0.0.1:$(quorum_port "$n"):$(election_port "$n")"; done
  } > "$work/zoo$id.cfg"
}

ours() { # pid file exists and its process is the server this script started
  local id=$1 pid
  [ -f "$work/zk$id.pid" ] || return 1
  pid=$(cat "$work/zk$id.pid")
  kill -0 "$pid" 2>/dev/null && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$work/zoo$id.cfg"
}

start_one() {
  local id=$1
  if ours "$id"; then echo "server $id already running (pid $(cat "$work/zk$id.pid"))"; return; fi
  configure "$id"
  nohup "$java" -Xmx128m -Dzookeeper.admin.enableServer=false -cp "$(classpath)" \
    org.apache.zookeeper.server.quorum.QuorumPeerMain "$work/zoo$id.cfg" >> "$work/zk$id.log" 2>&1 &
  echo $! > "$work/zk$id.pid"
  echo "server $id started (pid $!, client port $(client_port "$id"))"
}

mode() {
  local answer
  answer=$( (exec 3<>"/dev/tcp/127.0.0.1/$(client_port "$1")" && printf srvr >&3 && timeout 2 cat <&3) 2>/dev/null || true)
  echo "$answer" | sed -n 's/^Mode: //p' | head -1
}

leader() {
  for id in 1 2 3; do [ "$(mode "$id")" = "leader" ] && { echo "$id"; return 0; }; done
  return 1
}

await_leader() {
  for _ in $(seq 1 120); do leader >/dev/null && { echo "leader: server $(leader)"; return 0; }; sleep 0.5; done
  echo "no leader elected; see $work/zk*.log" >&2; return 1
}

case "${1:-}" in
  start) mkdir -p "$work"; for id in 1 2 3; do start_one "$id"; done; await_leader
         echo "connect string: 127.0.0.1:$(client_port 1),127.0.0.1:$(client_port 2),127.0.0.1:$(client_port 3)" ;;
  status) for id in 1 2 3; do
            if ours "$id"; then echo "server $id: pid $(cat "$work/zk$id.pid"), mode $(mode "$id")"; else echo "server $id: down"; fi
          done ;;
  kill-leader) id=$(leader) || { echo "no leader" >&2; exit 1; }
               ours "$id" || { echo "leader $id was not started by this script" >&2; exit 1; }
               kill -9 "$(cat "$work/zk$id.pid")"; rm -f "$work/zk$id.pid"; echo "killed leader: server $id" ;;
  restart) [ -n "${2:-}" ] || { echo "usage: $0 restart N" >&2; exit 2; }; start_one "$2" ;;
  stop) for id in 1 2 3; do
          if ours "$id"; then pid=$(cat "$work/zk$id.pid"); kill "$pid"
            for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true; echo "server $id stopped (pid $pid)"; fi
          rm -f "$work/zk$id.pid"
        done ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
