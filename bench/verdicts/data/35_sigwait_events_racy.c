// A signal thread waits in sigwait for SIGUSR1/SIGUSR2 and counts events;
#define RACY 1
// main sends them with pthread_kill and counts too.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static sigset_t handled;
static long events;
#ifndef RACY
static pthread_mutex_t ev_mu = PTHREAD_MUTEX_INITIALIZER;
#endif

static void bump(void)
{
#ifndef RACY
    pthread_mutex_lock(&ev_mu);
    events++;
    pthread_mutex_unlock(&ev_mu);
#else
    events++;
#endif
}

static void *signal_thread(void *arg)
{
    int sig;
    (void)arg;
    for (;;) {
        if (sigwait(&handled, &sig) != 0)
            break;
        if (sig == SIGUSR2)
            break;              /* shutdown request */
        if (sig == SIGUSR1)
            bump();
    }
    return NULL;
}

int main(void)
{
    pthread_t t;

    sigemptyset(&handled);
    sigaddset(&handled, SIGUSR1);
    sigaddset(&handled, SIGUSR2);
    pthread_sigmask(SIG_BLOCK, &handled, NULL);   /* inherited by the thread */
    pthread_create(&t, NULL, signal_thread, NULL);

    for (int i = 0; i < 3; i++) {
        pthread_kill(t, SIGUSR1);
        bump();
        usleep(1000);
    }
    pthread_kill(t, SIGUSR2);
    pthread_join(t, NULL);
    printf("events=%ld\n", events);
    return 0;
}
