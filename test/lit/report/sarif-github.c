// clang-format off
// What GitHub code scanning and VS Code's SARIF viewer need, through clang
// -fplugin: URIs relative to %SRCROOT% (the git work tree, found by its
// .git, or the source-root option; the current directory without either
// is not tested, as the test tree lies in a work tree), a category per module (or the
// sarif-category option), levels and rule properties that tell confirmed
// from possible races, regions with an end, GitHub's line hash next to our
// fingerprint, the analysed files, suppressions, and a first threadFlow
// that holds both racing accesses.
// RUN: rm -rf %t && mkdir -p %t/proj/.git %t/proj/src %t/elsewhere
// RUN: cp %s %t/proj/src/prog.c
// RUN: cd %t/elsewhere && %clang -g -c %t/proj/src/prog.c -o prog.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t/full.sarif 2>/dev/null
// RUN: %python %S/Inputs/github.py %t/full.sarif | %FileCheck %s --check-prefix=FULL
// RUN: cd %t/elsewhere && %clang -g -c %t/proj/src/prog.c -o prog.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-layers=lockset -fplugin-arg-racesift-source-root=%t/proj/src -fplugin-arg-racesift-sarif-category=racesift/lockset -fplugin-arg-racesift-sarif=%t/lockset.sarif 2>/dev/null
// RUN: %python %S/Inputs/github.py %t/lockset.sarif | %FileCheck %s --check-prefix=LOCKSET

// GitHub's line hash follows the line's text, not its number: blank lines
// on top move the races and keep their hashes.
// RUN: printf '\n\n\n' > %t/proj/src/moved.c && cat %s >> %t/proj/src/moved.c
// RUN: cd %t/elsewhere && %clang -g -c %t/proj/src/moved.c -o moved.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t/moved.sarif 2>/dev/null
// RUN: %python -c "import json,sys; h=[[(r['locations'][0]['physicalLocation']['region']['startLine'], r['partialFingerprints']['primaryLocationLineHash']) for r in json.load(open(f))['runs'][0]['results']] for f in sys.argv[1:]]; print('moved', [b[0]-a[0] for a,b in zip(*h)], 'hashes equal' if [a[1] for a in h[0]]==[b[1] for b in h[1]] else h)" %t/full.sarif %t/moved.sarif | %FileCheck %s --check-prefix=MOVED

// Bad values are errors that name the option.
// RUN: %not %clang -g -c %s -o %t/x.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-source-root=%t/missing 2>&1 | %FileCheck %s --check-prefix=BADROOT
// RUN: %not %clang -g -c %s -o %t/x.o -fplugin=%racesift_clang_plugin "-fplugin-arg-racesift-sarif-category=a b" 2>&1 | %FileCheck %s --check-prefix=BADCAT
#include <pthread.h>
int total;
int hits __attribute__((annotate("racesift::ignore")));
void *count(void *arg) {
  total += 1;
  hits++;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, count, 0);
  hits++;
  int seen = total;
  pthread_join(t, 0);
  return seen;
}

// FULL: category racesift/prog.c/
// FULL-NEXT: root file://{{.*}}/proj/
// FULL-NEXT: target %SRCROOT% src/prog.c
// FULL-NEXT: rule data-race error error high 7.0 concurrency,correctness,security,external/cwe/cwe-362
// FULL-NEXT: rule possible-data-race warning warning medium 5.0 concurrency,correctness,security,external/cwe/cwe-362
// FULL-NEXT: result data-race error %SRCROOT% src/prog.c line 30 to 30 columns 9 to 11 linehash ok own ok suppressed []
// FULL-NEXT:   viewer shows {{[0-9]+}} steps of {{[0-9]+}} both accesses threads ['count#1', 'main']
// FULL-NEXT: result data-race error %SRCROOT% src/prog.c line 37 to 37 columns 7 to 9 linehash ok own ok suppressed ['inSource']
// FULL-NEXT:   viewer shows {{[0-9]+}} steps of {{[0-9]+}} both accesses threads ['count#1', 'main']
// FULL-NOT: result

// LOCKSET: category racesift/lockset/
// LOCKSET-NEXT: root file://{{.*}}/proj/src/
// LOCKSET-NEXT: target %SRCROOT% prog.c
// LOCKSET: result possible-data-race warning %SRCROOT% prog.c line 30 to 30 columns 9 to 11 linehash ok own ok suppressed []
// LOCKSET-NEXT: result possible-data-race warning %SRCROOT% prog.c line 37 to 37 columns 7 to 9 linehash ok own ok suppressed ['inSource']
// LOCKSET-NOT: result

// MOVED: moved [3, 3] hashes equal

// BADROOT: invalid value '{{.*}}missing' for option 'source-root' (from {{.*}}): expected an existing directory
// BADCAT: invalid value 'a b' for option 'sarif-category' (from {{.*}}): expected a name without blanks
