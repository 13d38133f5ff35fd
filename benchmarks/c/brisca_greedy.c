/*
 * brisca_greedy.c -- trunfo's two-player Brisca `greedy` play in tight C, the yardstick of
 * benchmarks/bench_brisca.py (built by it with gcc when gcc is there).
 *
 * The same deals and the same play as `trunfo simulate brisca --strategy greedy --dealer 1`
 * (docs/rng.md and docs/games/brisca.md): deal d uses the xoshiro256** stream d of the deal
 * domain (seeded through splitmix64 from the seed), the documented Fisher-Yates pass over the
 * identity deck of 40 cards, positions 0..2 to seat 0 and 3..5 to seat 1 (the dealer), the
 * next card face up under the stock; seat 0 leads, the trick's winner draws first.  Greedy is
 * deterministic, so, as trunfo does, no draws are taken during the play: the results are
 * those of the documented stream.  Card c = suit*10 + strength (strength 0..9 = 2 4 5 6 7 J N
 * K 3 1), hands are 64-bit masks.
 *
 * Prints seat 0's mean points, its win/tie/loss shares at 61/60 (no card-count tiebreak),
 * its points histogram (121 counts, 0..120) and deals/s of the simulation loop alone.
 *
 * Usage: brisca_greedy [deals=10000000] [seed=1] [threads=1]
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCARDS 40
#define GOLDEN 0x9E3779B97F4A7C15ULL
#define STRIDE 0x0040100401ULL          /* bit 0 of each suit's 10-bit field */
#define FIELD 0x3FFULL

typedef struct { uint64_t s0, s1, s2, s3; } Rng;
typedef struct { uint64_t hist[121]; } Stats;

static unsigned char POINTS[NCARDS];
static uint64_t SUIT_MASK[4], BEAT[4][NCARDS], POINT_MASK, HIGH_MASK;

static inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline void rng_seed(Rng *r, uint64_t base, uint64_t d) {
  uint64_t x = base + (4 * d) * GOLDEN;
  x += GOLDEN; r->s0 = mix(x); x += GOLDEN; r->s1 = mix(x);
  x += GOLDEN; r->s2 = mix(x); x += GOLDEN; r->s3 = mix(x);
}
static inline uint64_t rng_next(Rng *r) {
  const uint64_t result = rotl(r->s1 * 5, 7) * 9, t = r->s1 << 17;
  r->s2 ^= r->s0; r->s3 ^= r->s1; r->s1 ^= r->s2; r->s0 ^= r->s3;
  r->s2 ^= t; r->s3 = rotl(r->s3, 45);
  return result;
}

/* the lowest strength; on equal strength a non-trump first, then the lowest suit */
static inline int cheapest(uint64_t m, uint64_t tmask) {
  const uint64_t fold = (m | (m >> 10) | (m >> 20) | (m >> 30)) & FIELD;
  const uint64_t cand = m & (STRIDE << __builtin_ctzll(fold));
  const uint64_t plain = cand & ~tmask;
  return __builtin_ctzll(plain ? plain : cand);
}

static inline int lead(uint64_t hand, uint64_t tmask) {
  const uint64_t plain = hand & ~tmask;
  return cheapest(plain ? plain : hand, tmask);
}

/* the follower (two players: no partner): points on the table -> the cheapest winning
   non-trump, else (a 10 or 11 there) the cheapest winning trump; else the cheapest blank
   non-trump, else the cheapest non-trump, else the cheapest card */
static inline int follow(uint64_t hand, uint64_t tmask, uint64_t win_mask, int led) {
  const uint64_t win = hand & win_mask, plain = hand & ~tmask;
  uint64_t w = POINTS[led] ? win & ~tmask : 0;
  if (!w && ((1ULL << led) & HIGH_MASK)) w = win & tmask;
  if (w) return cheapest(w, tmask);
  const uint64_t blank = plain & ~POINT_MASK;
  return cheapest(blank ? blank : (plain ? plain : hand), tmask);
}

static inline __attribute__((always_inline)) void deal(uint64_t base, uint64_t d, Stats *st) {
  Rng r; rng_seed(&r, base, d);
  unsigned char deck[NCARDS];
  for (int i = 0; i < NCARDS; i++) deck[i] = (unsigned char)i;
  for (int i = NCARDS - 1; i > 1; i -= 2) {
    uint64_t x = rng_next(&r);
    int j = (int)(((x >> 32) * (uint64_t)(i + 1)) >> 32);
    unsigned char t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    j = (int)(((x & 0xFFFFFFFFULL) * (uint64_t)i) >> 32);
    t = deck[i - 1]; deck[i - 1] = deck[j]; deck[j] = t;
  }
  { int j = (int)(((rng_next(&r) >> 32) * 2ULL) >> 32); unsigned char t = deck[1]; deck[1] = deck[j]; deck[j] = t; }
  const int trump = deck[6] / 10;
  const uint64_t tmask = SUIT_MASK[trump];
  const uint64_t *beat = BEAT[trump];
  /* the leader's and the other's hands; seat 0 leads the first trick */
  uint64_t hl = (1ULL << deck[0]) | (1ULL << deck[1]) | (1ULL << deck[2]);
  uint64_t ho = (1ULL << deck[3]) | (1ULL << deck[4]) | (1ULL << deck[5]);
  int leader = 0, pts0 = 0, pos = 7;
  for (int t = 0; t < 20; t++) {
    const int a = lead(hl, tmask);
    hl &= ~(1ULL << a);
    const int b = follow(ho, tmask, beat[a], a);
    ho &= ~(1ULL << b);
    const int taken = ((1ULL << b) & beat[a]) != 0;
    const int tp = POINTS[a] + POINTS[b];
    leader ^= taken;
    const uint64_t h = taken ? ho : hl;
    ho = taken ? hl : ho;
    hl = h;
    pts0 += leader == 0 ? tp : 0;
    if (pos < NCARDS) {
      hl |= 1ULL << deck[pos];
      ho |= 1ULL << (pos + 1 < NCARDS ? deck[pos + 1] : deck[6]);
      pos += 2;
    }
  }
  st->hist[pts0]++;
}

typedef struct { uint64_t base, begin, end; Stats st; } Job;
static void *worker(void *arg) {
  Job *j = (Job *)arg; Stats st; memset(&st, 0, sizeof st);
  for (uint64_t d = j->begin; d < j->end; d++) deal(j->base, d, &st);
  j->st = st; return NULL;
}
static double now_s(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec * 1e-9; }

int main(int argc, char **argv) {
  uint64_t deals = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000ULL;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1ULL;
  int threads = argc > 3 ? atoi(argv[3]) : 1;
  if (threads < 1) threads = 1;
  static const unsigned char P[10] = {0, 0, 0, 0, 0, 2, 3, 4, 10, 11};
  for (int c = 0; c < NCARDS; c++) {
    POINTS[c] = P[c % 10];
    if (P[c % 10]) POINT_MASK |= 1ULL << c;
    if (P[c % 10] >= 10) HIGH_MASK |= 1ULL << c;
  }
  for (int s = 0; s < 4; s++) SUIT_MASK[s] = FIELD << (10 * s);
  for (int tr = 0; tr < 4; tr++)
    for (int c = 0; c < NCARDS; c++) {      /* the cards that beat c when it wins the trick */
      const uint64_t suit = SUIT_MASK[c / 10];
      const uint64_t higher = suit & ~((2ULL << c) - 1);
      BEAT[tr][c] = higher | (c / 10 == tr ? 0 : SUIT_MASK[tr]);
    }
  const uint64_t base = mix(seed);
  Job *jobs = calloc((size_t)threads, sizeof(Job)); pthread_t *tid = calloc((size_t)threads, sizeof(pthread_t));
  double t0 = now_s();
  for (int i = 0; i < threads; i++) {
    jobs[i].base = base; jobs[i].begin = deals * (uint64_t)i / (uint64_t)threads;
    jobs[i].end = deals * (uint64_t)(i + 1) / (uint64_t)threads;
    pthread_create(&tid[i], NULL, worker, &jobs[i]);
  }
  Stats tot; memset(&tot, 0, sizeof tot);
  for (int i = 0; i < threads; i++) {
    pthread_join(tid[i], NULL);
    for (int p = 0; p <= 120; p++) tot.hist[p] += jobs[i].st.hist[p];
  }
  double el = now_s() - t0, n = (double)deals, sum = 0, sumsq = 0;
  uint64_t win = 0, tie = 0, loss = 0;
  for (int p = 0; p <= 120; p++) {
    sum += (double)p * tot.hist[p]; sumsq += (double)p * p * tot.hist[p];
    if (p > 60) win += tot.hist[p]; else if (p == 60) tie += tot.hist[p]; else loss += tot.hist[p];
  }
  double mean = sum / n;
  printf("brisca 2p greedy deals=%" PRIu64 " seed=%" PRIu64 " threads=%d\n", deals, seed, threads);
  printf("seat 0: mean points %.4f sd %.4f win %.5f tie %.5f loss %.5f\n", mean,
         __builtin_sqrt(sumsq / n - mean * mean), win / n, tie / n, loss / n);
  printf("seat 0 points histogram\n");
  for (int p = 0; p <= 120; p++) printf("%" PRIu64 "%c", tot.hist[p], p == 120 ? '\n' : ' ');
  printf("elapsed %.4f s  deals/s %.0f\n", el, n / el);
  free(jobs); free(tid);
  return 0;
}
