// clang-format off
// A witness that runs a loop 300 times before the race (issue 21, witness
// size): the SARIF codeFlow keeps the first and the last iteration and one
// step that counts the others, not 900 steps; a log's interleaving steps
// are capped, past which a race says its codeFlow is left out.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s --check-prefix=NOTE
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]['results'][0]; steps=sorted((l['executionOrder'], t['id'], l['location']['message']['text']) for t in r['codeFlows'][-1]['threadFlows'] for l in t['locations']); [print(*s) for s in steps]" %t.sarif | %FileCheck %s --check-prefix=FLOW
// RUN: env RACESIFT_DEBUG_MAX_LOG_FLOW_STEPS=5 %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.cap.sarif 2>&1 | %FileCheck %s --check-prefix=NOTE
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]['results'][0]; print('codeFlows' in r, r['properties']['codeFlowOmitted'])" %t.cap.sarif | %FileCheck %s --check-prefix=CAP
#include <pthread.h>
int x;
int rounds;
void *w(void *a) { x = 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  for (int i = 0; i < 300; i++)
    rounds++;
  if (rounds == 300)
    x = 2;
  pthread_join(t, 0);
  return 0;
}
// NOTE: witness-loop.c:[[@LINE-4]]:7: warning: data race on 'x': write in thread 'main' conflicts with write in thread 'w'
// NOTE: (the SARIF codeFlow has all 13 steps, 10 on loop counters and flags)
// FLOW: 1 main create w#1
// FLOW-NEXT: 2 main assign i := 0
// FLOW-NEXT: 3 main assume i < 300
// FLOW-NEXT: 4 main assign rounds := rounds + 1
// FLOW-NEXT: 5 main assign i := i + 1
// FLOW-NEXT: 6 main (298 more times the 3 step(s) above)
// FLOW-NEXT: 7 main assume i < 300
// FLOW-NEXT: 8 main assign rounds := rounds + 1
// FLOW-NEXT: 9 main assign i := i + 1
// FLOW-NEXT: 10 main assume i >= 300
// FLOW-NEXT: 11 main assume rounds == 300
// FLOW-NEXT: 12 main write x
// FLOW-NEXT: 13 w#1 write x
// CAP: False the log's interleavings reached 5 steps; the compiler's note on this race has its synchronisation steps
