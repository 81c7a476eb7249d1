/* The CPU's rcpss / rsqrtss estimates (the tables TF's packet 1/x and 1/sqrt(x) start from differ
   between CPU designs), hashed as tests/exec/transcendental_test.cpp hashes them: FNV-1a over the
   little-endian bytes of rcp then rsqrt of e * (1 + k / 4096), k < 4096, e in {1, 2}.
   Built and run by record_transcendental.py; prints the hash in hex. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <xmmintrin.h>

static uint64_t mix(uint64_t h, float v) {
    unsigned char b[4];
    memcpy(b, &v, 4);
    for (int i = 0; i < 4; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

int main(void) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (int e = 1; e <= 2; ++e)
        for (int k = 0; k < 4096; ++k) {
            float x = (float)e * (1.0f + (float)k / 4096.0f);
            h = mix(h, _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x))));
            h = mix(h, _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x))));
        }
    printf("%016llx\n", (unsigned long long)h);
    return 0;
}
