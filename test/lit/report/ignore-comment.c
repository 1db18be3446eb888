// clang-format off
// A `racesift-ignore` comment on either racing access's line, or alone on
// the line before it, suppresses the race (issue 25): no warning, and the
// SARIF result carries an inSource suppression naming the comment. A
// marker outside a comment, or after code on the line before, does not.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t/s.sarif 2>&1 | %FileCheck %s --implicit-check-not="data race on"
// RUN: %python -c "import json,sys; [print(r['locations'][0]['physicalLocation']['region']['startLine'], r['message']['text'].split(':')[0], [(s['kind'], s['justification']) for s in r.get('suppressions', [])]) for r in json.load(open(sys.argv[1]))['runs'][0]['results']]" %t/s.sarif | sort -n | %FileCheck %s --check-prefix=SARIF
// The opt route reads the same comments.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t/s.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t/s.ll 2>&1 | %FileCheck %s --check-prefix=OPT --implicit-check-not="data race on"
#include <pthread.h>
int same_line, line_before, in_main, not_comment, after_code;
const char *racesift_ignore_me = "racesift-ignore";
void *worker(void *arg) {
  same_line++; // racesift-ignore: counter is approximate
  // racesift-ignore (the next line's race is benign)
  line_before++;
  in_main = 1;
  not_comment++;
  after_code = 0; // racesift-ignore (only this line)
  after_code++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  in_main = 2; /* racesift-ignore */
  return 0;
}
// A race between two instances on in_main's line 19 has no comment there.
// CHECK: ignore-comment.c:19:11: warning: data race on 'in_main'
// CHECK: ignore-comment.c:20:14: warning: data race on 'not_comment'
// CHECK: ignore-comment.c:22:13: warning: data race on 'after_code'
// OPT: ignore-comment.c:19:11: data race on 'in_main'
// OPT: ignore-comment.c:20:14: data race on 'not_comment'
// OPT: ignore-comment.c:22:13: data race on 'after_code'

// SARIF: 16 Data race on 'same_line' [('inSource', "comment 'racesift-ignore' at {{.*}}ignore-comment.c:16")]
// SARIF-NEXT: 18 Data race on 'line_before' [('inSource', "comment 'racesift-ignore' at {{.*}}ignore-comment.c:17")]
// SARIF-NEXT: 19 Data race on 'in_main' []
// SARIF-NEXT: 20 Data race on 'not_comment' []
// SARIF-NEXT: 21 Data race on 'after_code' [('inSource', "comment 'racesift-ignore' at {{.*}}ignore-comment.c:21")]
// SARIF-NEXT: 21 Data race on 'after_code' [('inSource', "comment 'racesift-ignore' at {{.*}}ignore-comment.c:21")]
// SARIF-NEXT: 22 Data race on 'after_code' []
// SARIF-NEXT: 29 Data race on 'in_main' [('inSource', "comment 'racesift-ignore' at {{.*}}ignore-comment.c:29")]
