// raster_harness.c - the cell rasteriser alone, without a Swift build: 200 seeded stars of five
// flattened cubics (like path.cubic200; SEG segments a cubic) or 200 zigzag stroke outlines (like
// stroke200 at widths 1, 3, 12), each reset, added and filled with lamina_raster_fill_solid into a
// 1280x720 frame; prints the best round in ms and a hash of the frame (pixels must not move).
//   clang -O3 -std=gnu11 -ffp-contract=off -I Sources/CPixelKernels/include -o /tmp/rh scripts/bench-anchors/raster_harness.c Sources/CPixelKernels/*.c -lm
//   LAMINA_SIMD=avx2 /tmp/rh EVENODD MODE ROUNDS   # MODE 0 stars, 2/3/4 strokes of width 1/3/12
// Run variants alternately in a raised autogroup (setsid sh -c 'echo -20 > /proc/self/autogroup; ...').
#include "CPixelKernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <time.h>
static uint64_t s = 0x1234567;
static double unit(void){ s = s*6364136223846793005ull+1442695040888963407ull; return (double)(s>>11)/9007199254740992.0; }
static double now(void){ struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec+t.tv_nsec*1e-9; }
enum { W=1280, H=720, N=200, SEG=16 };
static double pts[N][2*5*SEG+8]; static int cnt[N]; static uint32_t col[N];
static double spts[N][4*3*SEG+8]; static int scnt[N];
int main(int argc,char**argv){
  int evenOdd = argc>1 ? atoi(argv[1]) : 0; int mode = argc>2 ? atoi(argv[2]) : 0; int rounds = argc>3?atoi(argv[3]):200;
  for(int k=0;k<N;k++){
    double r=20+unit()*80, cx=r+unit()*(W-2*r), cy=r+unit()*(H-2*r), a0=unit()*6.283185307;
    double P[5][2]; for(int j=0;j<5;j++){ double a=a0+j*4*M_PI/5, rr=r*(0.8+0.2*unit()); P[j][0]=cx+rr*cos(a); P[j][1]=cy+rr*sin(a);} 
    int n=0; for(int j=0;j<5;j++){ double *A=P[j],*B=P[(j+1)%5]; double bend=(unit()-0.5)*0.6, nx=-(B[1]-A[1])*bend, ny=(B[0]-A[0])*bend;
      double c1x=A[0]+(B[0]-A[0])/3+nx,c1y=A[1]+(B[1]-A[1])/3+ny,c2x=A[0]+2*(B[0]-A[0])/3+nx,c2y=A[1]+2*(B[1]-A[1])/3+ny;
      for(int i=0;i<SEG;i++){ double t=(double)i/SEG,u=1-t; pts[k][2*n]=u*u*u*A[0]+3*u*u*t*c1x+3*u*t*t*c2x+t*t*t*B[0]; pts[k][2*n+1]=u*u*u*A[1]+3*u*u*t*c1y+3*u*t*t*c2y+t*t*t*B[1]; n++; } }
    cnt[k]=n; col[k]=0xCC000000u | ((uint32_t)(unit()*150)<<16)|((uint32_t)(unit()*150)<<8)|(uint32_t)(unit()*150);
    // stroke: a thin outline of a zigzag polyline, width wd
    double sz=40+unit()*120, x0=10+unit()*(W-sz-20), y0=10+unit()*(H-sz-20), wd = mode==2?1.0: (mode==3?3.0:12.0);
    int m=0; double line[3*SEG+1][2]; for(int i=0;i<=3*SEG;i++){ double t=(double)i/(3*SEG); line[i][0]=x0+sz*t; line[i][1]=y0+sz*(0.5+0.4*sin(t*9.0+k)); }
    for(int i=0;i<=3*SEG;i++){ int a=i>0?i-1:i,b=i<3*SEG?i+1:i; double dx=line[b][0]-line[a][0],dy=line[b][1]-line[a][1],l=sqrt(dx*dx+dy*dy); spts[k][2*m]=line[i][0]-dy/l*wd/2; spts[k][2*m+1]=line[i][1]+dx/l*wd/2; m++; }
    for(int i=3*SEG;i>=0;i--){ int a=i>0?i-1:i,b=i<3*SEG?i+1:i; double dx=line[b][0]-line[a][0],dy=line[b][1]-line[a][1],l=sqrt(dx*dx+dy*dy); spts[k][2*m]=line[i][0]+dy/l*wd/2; spts[k][2*m+1]=line[i][1]-dx/l*wd/2; m++; }
    scnt[k]=m;
  }
  uint32_t *px=malloc(W*H*4); LaminaRaster *r=lamina_raster_create();
  double best=1e9; uint64_t hash=1469598103934665603ull;
  for(int it=0;it<rounds;it++){
    for(int i=0;i<W*H;i++) px[i]=0xFF404040u;
    double t0=now();
    for(int k=0;k<N;k++){ lamina_raster_reset(r); lamina_raster_limit_rows(r,0,H);
      if(mode==0) lamina_raster_add_contour(r,pts[k],cnt[k]); else lamina_raster_add_contour(r,spts[k],scnt[k]);
      lamina_raster_fill_solid(r,evenOdd,0,W,0,H,0,W,px,W,0,0,col[k],1.0f); }
    double t=now()-t0; if(t<best) best=t;
  }
  for(int i=0;i<W*H;i++) hash=(hash^px[i])*1099511628211ull;
  printf("best %.3f ms hash %016llx\n", best*1e3, (unsigned long long)hash);
}
