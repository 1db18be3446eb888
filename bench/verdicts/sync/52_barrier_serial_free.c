// The thread pthread_barrier_wait picks (PTHREAD_BARRIER_SERIAL_THREAD)
// (race-free)
// computes the mean of every partial sum; the others read it after a
// second wait.
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define NTHREADS 3
#define CHUNK 100

static pthread_barrier_t phase;
static double partial[NTHREADS];
static double summary_mean;
static int summary_ready;
static double deviation[NTHREADS];

static void *stat_worker(void *arg)
{
    long id = (long)arg;
    double s = 0;
    for (int i = 0; i < CHUNK; i++)
        s += (double)(id * CHUNK + i);
    partial[id] = s;

    int rc = pthread_barrier_wait(&phase);
    if (rc == PTHREAD_BARRIER_SERIAL_THREAD) {
        double tot = 0;
        usleep(1000);
        for (int i = 0; i < NTHREADS; i++)
            tot += partial[i];
        summary_mean = tot / (NTHREADS * CHUNK);
        summary_ready = 1;
    }
#ifdef RACY
    deviation[id] = partial[id] / CHUNK - summary_mean; /* before the 2nd wait */
    pthread_barrier_wait(&phase);
#else
    pthread_barrier_wait(&phase);
    deviation[id] = partial[id] / CHUNK - summary_mean;
#endif
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    pthread_barrier_init(&phase, NULL, NTHREADS);
    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, stat_worker, (void *)i);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&phase);
    printf("mean=%f ready=%d\n", summary_mean, summary_ready);
    for (int i = 0; i < NTHREADS; i++)
        printf("dev[%d]=%f\n", i, deviation[i]);
    return 0;
}
