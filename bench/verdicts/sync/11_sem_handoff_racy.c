// Request/response hand-off through two semaphores: the client fills the
// request, posts 'req'; the server answers, posts 'done'.
// BUG: the server stores the status after posting 'done'.
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>

struct rpc {
  char op[8];
  int arg;
  int status;
  int reply;
};
static struct rpc slot;
static sem_t req, done;

static void *server(void *unused) {
  (void)unused;
  for (int i = 0; i < 3; i++) {
    sem_wait(&req);
    if (strcmp(slot.op, "sq") == 0)
      slot.reply = slot.arg * slot.arg;
    sem_post(&done);
    slot.status = 0; /* RACE: written after the client was released */
  }
  return NULL;
}

int main(void) {
  pthread_t s;
  sem_init(&req, 0, 0);
  sem_init(&done, 0, 0);
  pthread_create(&s, NULL, server, NULL);
  for (int i = 0; i < 3; i++) {
    strcpy(slot.op, "sq");
    slot.arg = i + 2;
    sem_post(&req);
    sem_wait(&done);
    printf("%d -> %d (%d)\n", slot.arg, slot.reply, slot.status);
  }
  pthread_join(s, NULL);
  return 0;
}
