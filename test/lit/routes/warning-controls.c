// clang -fplugin: RaceSift's warnings are clang's -Wbackend-plugin group, so
// clang's own warning controls act on them, at the warning's location, and
// none of the spellings draws -Wunknown-warning-option.
//
// The program comes first, so that the line numbers checked below stay put.

#include <pthread.h>

int counter;

#if defined(IGNORE_OTHER)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wbackend-plugin"
#endif
static void *inc(void *arg) {
  counter++;
  return 0;
}
#if defined(IGNORE_OTHER)
#pragma clang diagnostic pop
#endif

#if defined(IGNORE)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wbackend-plugin"
#elif defined(ERROR)
#pragma clang diagnostic push
#pragma clang diagnostic error "-Wbackend-plugin"
#elif defined(WARNING)
#pragma clang diagnostic push
#pragma clang diagnostic warning "-Wbackend-plugin"
#endif
int main(void) {
  int unused;
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  counter++;
  pthread_join(t, 0);
  return 0;
}
#if defined(IGNORE) || defined(ERROR) || defined(WARNING)
#pragma clang diagnostic pop
#endif

// By default a warning, tagged with its group.
// RUN: %clang -g -c %s -o %t.o -Wunused-variable -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN --implicit-check-not=unknown
// WARN: warning-controls.c:{{[0-9]+}}:{{[0-9]+}}: warning: unused variable 'unused' [-Wunused-variable]
// WARN: warning-controls.c:37:{{[0-9]+}}: warning: data race on 'counter': {{.*}} [-Wbackend-plugin]
// WARN: warning-controls.c:16:{{[0-9]+}}: note: conflicting read in thread 'inc' here

// -Werror: an error that fails the compile.
// RUN: %not %clang -g -c %s -o %t.o -Werror -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ERROR --implicit-check-not=unknown
// ERROR: warning-controls.c:37:{{[0-9]+}}: error: data race on 'counter': {{.*}} [-Werror,-Wbackend-plugin]
// ERROR: note: conflicting

// -Werror=backend-plugin promotes the race alone; -Werror with
// -Wno-error=backend-plugin keeps it a warning and the compile succeeds.
// RUN: %not %clang -g -c %s -o %t.o -Wunused-variable -Werror=backend-plugin -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ONLY --implicit-check-not=unknown
// ONLY: warning: unused variable 'unused' [-Wunused-variable]
// ONLY: error: data race on 'counter': {{.*}} [-Werror,-Wbackend-plugin]
// RUN: %clang -g -c %s -o %t.o -Werror -Wno-error=backend-plugin -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN-ONLY --implicit-check-not=unknown
// WARN-ONLY: warning: data race on 'counter': {{.*}} [-Wbackend-plugin]

// -Wno-backend-plugin and -w silence the warning and its notes, also under
// -Werror; -Wno-backend-plugin leaves other warnings alone.
// RUN: %clang -g -c %s -o %t.o -Wunused-variable -Wno-backend-plugin -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SILENT --implicit-check-not=racesift --implicit-check-not=race --implicit-check-not=note: --implicit-check-not=unknown
// SILENT: warning: unused variable 'unused'
// RUN: %clang -g -c %s -o %t.o -Werror -Wno-backend-plugin -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EMPTY --allow-empty
// RUN: %clang -g -c %s -o %t.o -Werror -w -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EMPTY --allow-empty
// EMPTY-NOT: {{.}}

// Pragmas act at the warning's location (clang's rule), the access in
// main:
// ignored around it silences the warning and its notes ...
// RUN: %clang -g -c %s -o %t.o -Werror -DIGNORE -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EMPTY --allow-empty
// ... error around it fails the compile ...
// RUN: %not %clang -g -c %s -o %t.o -DERROR -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PRAGMA-ERROR --implicit-check-not=unknown
// PRAGMA-ERROR: warning-controls.c:37:{{[0-9]+}}: error: data race on 'counter': {{.*}} [-Werror,-Wbackend-plugin]
// ... warning around it keeps it a warning under -Werror ...
// RUN: %clang -g -c %s -o %t.o -Werror -DWARNING -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=WARN-ONLY --implicit-check-not=unknown
// ... and ignored around the other access only does not.
// RUN: %not %clang -g -c %s -o %t.o -Werror -DIGNORE_OTHER -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ERROR --implicit-check-not=unknown

// A possible race (the lockset layer alone decides nothing) is in the same
// group.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-layers=lockset 2>&1 | %FileCheck %s --check-prefix=POSSIBLE --implicit-check-not=unknown
// POSSIBLE: warning: possible data race on 'counter': {{.*}} [-Wbackend-plugin]
// RUN: %not %clang -g -c %s -o %t.o -Werror -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-layers=lockset 2>&1 | %FileCheck %s --check-prefix=POSSIBLE-ERROR --implicit-check-not=unknown
// POSSIBLE-ERROR: error: possible data race on 'counter': {{.*}} [-Werror,-Wbackend-plugin]
// RUN: %clang -g -c %s -o %t.o -Werror -Wno-backend-plugin -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-layers=lockset 2>&1 | %FileCheck %s --check-prefix=EMPTY --allow-empty

// The plugin's werror option makes the race an error that -w and
// -Wno-backend-plugin leave alone: it is the build's own request.
// RUN: %not %clang -g -c %s -o %t.o -w -Wno-backend-plugin -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-werror 2>&1 | %FileCheck %s --check-prefix=OPTION
// OPTION: error: data race on 'counter'
// OPTION-NOT: [-W
