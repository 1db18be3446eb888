// clang-format off
// Hand-offs over the program's own channels beyond pipe and socketpair.
// A dup()ed descriptor of a pipe is the same pipe: its bytes are kept (DUP;
// the racy variant writes after the hand-off and stays confirmed). An
// eventfd keeps its count: a read blocks at 0 (EVENTFD, refuted; with
// -DRACY the write after the hand-off is confirmed). A FIFO the program
// made, a message queue or a signal it waits for has no bytes in the
// replay: the waiter's read returned at once, and the hand-off's writes
// were confirmed races. A race met after such a wait stays possible and
// says which wait (MQUEUE).
// RUN: %clang -g -O0 -c -DDUP %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=DUP --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DDUP -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DEVENTFD %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=EVENTFD --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DEVENTFD -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DMQUEUE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=MQUEUE --implicit-check-not='warning: data race'
//
// DUP: own-channels.c:58:11: warning: possible data race on 'setting'
// RACY: own-channels.c:68:11: warning: data race on 'setting': write in thread 'main' conflicts with read in thread 'reader'
// EVENTFD: own-channels.c:58:11: warning: possible data race on 'setting': {{.*}}not ones the program can take: 'read' at line 40 waits for a count no thread has added to the program's own eventfd yet
// MQUEUE: own-channels.c:58:11: warning: possible data race on 'setting': {{.*}}(not decided: {{.*}}'mq_receive' at line 37 waits on a signal or a channel of the program's own, which the replay does not keep)
#include <mqueue.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <unistd.h>

static int fds[2], reader_fd;
static mqd_t queue;
static int setting;
static long seen;

static void *reader(void *arg) {
#if defined(DUP)
  char c;
  if (read(reader_fd, &c, 1) == 1)
#elif defined(MQUEUE)
  char m[64];
  if (mq_receive(queue, m, sizeof m, 0) > 0)
#else
  unsigned long long v;
  if (read(reader_fd, &v, sizeof v) == sizeof v)
#endif
    seen = setting;
  return arg;
}

int main(void) {
#if defined(DUP)
  if (pipe(fds) != 0)
    return 1;
  reader_fd = dup(fds[0]);
#elif defined(MQUEUE)
  queue = mq_open("/settings", O_CREAT | O_RDWR, 0600, 0);
#else
  reader_fd = eventfd(0, 0);
#endif
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  setting = 7;
#if defined(DUP)
  write(fds[1], "s", 1);
#elif defined(MQUEUE)
  mq_send(queue, "s", 1, 0);
#else
  unsigned long long one = 1;
  write(reader_fd, &one, sizeof one);
#endif
#ifdef RACY
  setting = 8;
#endif
  pthread_join(t, 0);
  return (int)seen;
}
