/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_html_write.c: a match as one HTML page to step through
 * (bgkit-html(5)).  The page holds everything it needs: the board as
 * the SVG of draw_svg.c without its pieces, the move list with the
 * replay's diagnostics at the moves they concern, every position as a
 * compact XGID in the game's data-p attribute, and a small script that
 * draws the pieces of the position chosen (by click, key or a "#g3t12"
 * fragment, game 3 after turn 12 as bgshow -g 3 -m 12 counts; the old
 * "#g3m12" is read too) where draw_svg.c's geometry says.  The heading
 * names both numbers: the move, the numbered row of the list, and the
 * turn.  When the record holds the engine's analysis, the list marks
 * each play or cube action gnubg marked ("?!", "?", "??", in colour),
 * a row under it lists its candidates with their equities and the
 * equity lost, and each game opens with a chart of the equity lost at
 * each turn (inline SVG).  A page holds one match.
 * Part of libbgkit, behind the bg_writer of writer.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "chars_int.h"
#include "draw_int.h"
#include "decision_int.h"

/* The page's style: wide screens put the list beside the board. */
static const char *const css[] = {
":root{--ink:#2b2b2b;--mute:#6b6257;--line:#e0d6c3;--soft:#f3ecdf;"
"--cur:#6b4a2b;--err:#b3261e;--warn:#8a5a00}",
"*{box-sizing:border-box}",
"body{margin:0;font:15px/1.4 system-ui,-apple-system,\"Segoe UI\","
"Roboto,\"DejaVu Sans\",sans-serif;color:var(--ink);background:#faf7f0}",
"header{padding:.5rem 1rem;background:#fff;border-bottom:1px solid "
"var(--line)}",
"h1{font-size:1.2rem;margin:0}",
"header p{margin:.1rem 0 0;color:var(--mute);font-size:.9rem}",
"main{display:grid;grid-template-columns:minmax(0,min(100%,"
"calc((100vh - 13rem)*1.21))) 24rem;justify-content:center;gap:1rem;"
"padding:.75rem 1rem;align-items:start}",
"#view{position:sticky;top:0;padding-top:.2rem;background:#faf7f0;"
"z-index:1}",
"#where{font-weight:600;margin:0 0 .3rem;min-height:1.4em;"
"overflow-wrap:anywhere}",
"#board{display:block;width:100%;height:auto;border-radius:6px;"
"box-shadow:0 1px 3px rgba(0,0,0,.2)}",
"nav{display:flex;gap:.35rem;justify-content:center;flex-wrap:wrap;"
"margin:.5rem 0 .2rem}",
"button{font:inherit;min-width:2.75rem;min-height:2.5rem;padding:0 .6rem;"
"border:1px solid #c9bba3;border-radius:6px;background:#fff;color:inherit;"
"cursor:pointer}",
"button:hover{background:var(--soft)}",
"button:disabled{opacity:.4;cursor:default}",
"#note{margin:.3rem 0 0;padding:0;list-style:none;font-size:.9rem}",
"#note li{padding:.2rem .5rem;border-radius:4px;margin-top:.2rem}",
"#moves{max-height:calc(100vh - 5.5rem);overflow:auto;background:#fff;"
"font-size:.875rem;"
"border:1px solid var(--line);border-radius:6px}",
"@media (min-width:52.01rem){section.game{content-visibility:auto;"
"contain-intrinsic-size:auto 900px}}",
".game h2{position:sticky;top:0;margin:0;padding:.35rem .6rem;"
"font-size:.95rem;background:var(--soft);border-bottom:1px solid "
"var(--line);display:flex;justify-content:space-between;gap:.5rem}",
".game h2 a{color:inherit;text-decoration:none}",
".game h2 span{font-weight:normal;color:var(--mute)}",
"table{border-collapse:collapse;width:100%;"
"font-variant-numeric:tabular-nums}",
"th{width:2.4rem;padding:.05rem .3rem;text-align:right;font-weight:normal;"
"color:var(--mute);vertical-align:top}",
"td{width:50%;padding:.05rem .15rem;vertical-align:top}",
"td a,td span{display:block;padding:.1rem .35rem;border-radius:4px;"
"color:inherit;text-decoration:none;overflow-wrap:anywhere}",
"td a:hover{background:var(--soft)}",
"td a.cur{background:var(--cur);color:#fff}",
"td.e a,td.e span{border-left:3px solid var(--err)}",
"td.w a,td.w span{border-left:3px solid var(--warn)}",
"td.c{color:var(--mute);font-style:italic}",
"ul.diag{margin:0;padding:0 .5rem .3rem 2.7rem;list-style:none;"
"font-size:.85rem}",
"li.e{color:var(--err)}li.w{color:var(--warn)}",
"td a.m1,td span.m1{color:#8a5a00}td a.m2,td span.m2{color:#c2410c}"
"td a.m3,td span.m3{color:var(--err);font-weight:600}",
"td a.m1.cur,td a.m2.cur,td a.m3.cur{color:#fff}",
"tr.an td{padding:0 .15rem .15rem .5rem;font-size:.78rem;"
"color:var(--mute)}",
"tr.an summary{cursor:pointer}",
"table.cand{width:auto;margin:.1rem 0}table.cand td{width:auto;"
"padding:0 .4rem 0 0;white-space:nowrap}",
"tr.an div{overflow-wrap:anywhere}",
"table.cand tr.made td{color:var(--ink);font-weight:600}",
"svg.lost{display:block;width:100%;height:3.2rem;background:#fff;"
"border-bottom:1px solid var(--line)}",
"svg.lost rect.s0{fill:#6b4a2b}svg.lost rect.s1{fill:#2f6f8f}",
"#note li.e{background:#fbe9e7}#note li.w{background:#fdf3d8}",
"footer{color:var(--mute);font-size:.85rem;padding:0 1rem 1rem;"
"text-align:center}",
"kbd{border:1px solid #c9bba3;border-radius:3px;padding:0 .25rem;"
"background:#fff}",
"#status{display:none;margin:.3rem 0 0;font-size:.9rem;"
"justify-content:space-between;flex-wrap:wrap;gap:0 .8rem}",
"#status b{font-weight:600}",
"@media (max-width:52rem){#status{display:flex}"
"main{display:block;padding:.5rem}#moves{max-height:none;margin-top:.5rem}"
"header{padding:.4rem .6rem}"
"h1{font-size:1.05rem}}",
"@media (max-width:52rem) and (max-height:40rem){#view{position:static}}",
NULL
};

/*
 * The script: G (draw_svg.c's geometry) comes first.  A position is an
 * XGID without its prefix, then "/o" (the game is over), "/dT" (dropped
 * by side T), "/rLT" (side T resigned L points) or "/x" (the replay had
 * lost track) when so.  It draws what draw_svg.c draws, element for
 * element, so that a position looks as bgshow -T svg shows it.
 */
static const char *const script[] = {
"(function(){'use strict';",
"var NS='http://www.w3.org/2000/svg',B=G.bottom,R=G.r,",
"svg=document.getElementById('board'),",
"pieces=document.getElementById('pieces'),",
"where=document.getElementById('where'),",
"note=document.getElementById('note'),",
"st=document.getElementById('status'),",
"list=document.getElementById('moves'),",
"view=document.getElementById('view'),",
"secs=[].slice.call(document.querySelectorAll('section.game')),",
"pos=secs.map(function(s){return s.getAttribute('data-p').split(' ');}),",
"nck=+list.getAttribute('data-checkers'),",
"hascube=list.getAttribute('data-cube')==='1',",
"lv=['','a single game','a gammon','a backgammon'],",
"cur={g:-1,m:-1},shown=null;",
"function el(t,a,x){var e=document.createElementNS(NS,t),k;",
"for(k in a)e.setAttribute(k,String(a[k]));",
"if(x!=null)e.textContent=String(x);pieces.appendChild(e);return e;}",
"function label(x,y,z,c,an,w,t){var a={x:x,y:y,'font-size':z,fill:c,",
"'text-anchor':an};if(w)a['font-weight']=w;el('text',a,t);}",
"function checker(x,y,s){el('circle',{cx:x,cy:y,r:R-1,fill:G.fill[s],",
"stroke:G.ink[0],'stroke-width':2});}",
"function stack(x,y0,d,n,s){for(var k=0;k<n&&k<G.k;k++){",
"var y=y0+d*(R+2*R*k);checker(x,y,s);",
"if(k===G.k-1&&n>G.k)label(x,y+6,17,G.ink[s],'middle','bold',n);}}",
"function parse(t){var p=t.split('/'),f=p[0].split(':'),",
"b=[[],[]],i,c,s,n,q={};",
"for(i=0;i<26;i++){b[0][i]=0;b[1][i]=0;}",
"for(i=0;i<26;i++){c=f[0].charCodeAt(i);",
"if(c>=65&&c<=80)b[1][i]=c-64;else if(c>=97&&c<=112)b[0][25-i]=c-96;}",
"for(s=0;s<2;s++){for(n=0,i=1;i<26;i++)n+=b[s][i];b[s][0]=nck-n;}",
"q.b=b;q.cube=1<<+f[1];q.owner=f[2]==='0'?-1:f[2]==='1'?1:0;",
"q.roll=f[3]==='1'?1:0;q.doubled=f[4]==='D';",
"q.dice=q.doubled?[0,0]:[+f[4][0],+f[4][1]];",
"q.score=[+f[6],+f[5]];q.length=+f[8];",
"q.crawford=q.length>0&&(+f[7]&1)===1;q.cubemax=+f[9];",
"q.state='p';q.turn=q.doubled?1-q.roll:q.roll;q.lost=false;",
"for(i=1;i<p.length;i++){c=p[i].charAt(0);",
"if(c==='x')q.lost=true;else if(c==='o')q.state='o';",
"else if(c==='d'){q.state='d';q.turn=+p[i].charAt(1);}",
"else if(c==='r'){q.state='r';q.resign=+p[i].charAt(1);",
"q.turn=+p[i].charAt(2);}}",
"q.xgid='XGID='+p[0];return q;}",
"function pips(b,s){for(var n=0,i=1;i<26;i++)n+=i*b[s][i];return n;}",
"function left(b,s){for(var n=0,i=1;i<26;i++)n+=b[s][i];return n;}",
"function cube(x,y,v){el('rect',{x:x-G.cube.size/2,y:y-G.cube.size/2,",
"width:G.cube.size,height:G.cube.size,rx:6,fill:'#ffffff',",
"stroke:G.line,'stroke-width':2});",
"label(x,y+8,v>=1000?15:v>=100?19:22,G.line,'middle','bold',v);}",
"var P=['','33','1551','153351','11155155','1115335155',",
"'111513535155'];",
"function die(x,y,v,s){var D=G.dice.size,p=P[v],i;",
"el('rect',{x:x,y:y,width:D,height:D,rx:5,fill:G.fill[s],",
"stroke:G.ink[0],'stroke-width':2});",
"for(i=0;i<p.length;i+=2)el('circle',{cx:x+Math.floor(+p[i]*D/6),",
"cy:y+Math.floor(+p[i+1]*D/6),r:3,fill:G.ink[s]});}",
"function name(n,s){var a=Array.from(n||'');",
"if(!a.length)return s?'X':'O';",
"return a.length>G.names?a.slice(0,G.names).join('')+'\\u2026':n;}",
"function winner(b){for(var s=0;s<2;s++)",
"if(left(b,s)===0&&left(b,1-s)>0)return s;return -1;}",
"function level(b,w){var i;if(b[1-w][0]>0)return 1;",
"if(list.getAttribute('data-bg')==='1')",
"for(i=19;i<26;i++)if(b[1-w][i]>0)return 3;return 2;}",
"function action(q,s){switch(q.state){",
"case 'p':if(q.doubled)return s===q.roll?'Doubles to '+2*q.cube:'';",
"if(s===q.roll)return q.dice[0]>0?'Rolled '+q.dice[0]+q.dice[1]:",
"'On roll';return '';",
"case 'o':return winner(q.b)===s?'Wins '+lv[level(q.b,s)]:'';",
"case 'r':return s===q.turn&&q.resign>=1&&q.resign<=3?",
"'Resigns '+lv[q.resign]:'';",
"case 'd':return s===q.turn?'Drops':'';}return '';}",
"function draw(q,sec){var b=q.b,i,p,n,s,t,k,x,y,v,",
"nm=[sec.getAttribute('data-o'),sec.getAttribute('data-x')];",
"pieces.textContent='';",
"for(p=1;p<=24;p++){n=b[B][p];s=B;if(!n){s=1-B;n=b[s][25-p];}",
"if(n)stack(G.pt[p][0],G.pt[p][1],G.pt[p][2],n,s);}",
"for(t=1;t>=0;t--){s=t?1-B:B;i=t?0:1;",
"stack(G.bar[i][0],G.bar[i][1],G.bar[i][2],b[s][25],s);",
"n=b[s][0];for(k=0;k<n&&k<15;k++)el('rect',{x:G.tray.x,",
"y:G.tray.y[i]+G.tray.dy[i]*k,width:G.tray.w,height:10,rx:2,",
"fill:G.fill[s],stroke:G.ink[0],'stroke-width':1.5});",
"if(n>0)label(G.tray.cx,G.tray.cy[i],13,G.line,'middle','bold',n);}",
"x=G.dice.x[q.roll===B?1:0];y=G.dice.y;",
"if(q.state==='p'&&q.doubled)cube(x,y,2*q.cube);",
"else if(q.state==='p'&&q.dice[0]>0){",
"die(x-G.dice.size-4,y-G.dice.size/2,q.dice[0],q.roll);",
"die(x+4,y-G.dice.size/2,q.dice[1],q.roll);}",
"if(q.cubemax>0&&hascube&&!q.crawford&&!(q.doubled&&q.state==='p')){",
"v=q.cube===1&&q.owner<0?64:q.cube;",
"cube(G.cube.x,G.cube.y[q.owner<0?1:q.owner===B?2:0],v);}",
"for(t=0;t<2;t++){s=t?B:1-B;y=G.band[t];",
"el('circle',{cx:G.m+10,cy:y-6,r:9,fill:G.fill[s],stroke:G.ink[0],",
"'stroke-width':2});label(G.m+26,y,17,G.line,'start','bold',name(nm[s],s));",
"label(G.w-G.m,y,15,G.line,'end','',q.score[s]+' point'+",
"(q.score[s]===1?'':'s')+' \\u00b7 '+pips(b,s)+' pips');}",
"t=sec.getAttribute('data-match');",
"for(s=0;s<2;s++){v=action(q,s);",
"if(v)t+=' \\u00b7 '+name(nm[s],s)+': '+v;}",
"label(G.caption[0],G.caption[1],15,G.line,'middle','',t);",
"st.textContent='';for(t=0;t<2;t++){s=t?B:1-B;k=document.createElement('span');",
"k.appendChild(document.createTextNode(s?'\u25cf ':'\u25cb '));",
"x=document.createElement('b');x.textContent=name(nm[s],s);k.appendChild(x);",
"k.appendChild(document.createTextNode(' '+q.score[s]+' \u00b7 '+",
"pips(b,s)+' pips'+(q.owner===s&&hascube&&!q.crawford?' \u00b7 cube '+",
"q.cube:'')));st.appendChild(k);}",
"if(q.owner<0&&q.cube>1&&hascube){k=document.createElement('span');",
"k.textContent='cube '+q.cube;st.appendChild(k);}}",
"function link(g,m){return list.querySelector('a[href=\"#g'+(g+1)+'t'+m+",
"'\"]');}",
/*
 * reveal() scrolls the list, or the page, so that the chosen entry is in
 * view.  Sections are laid out only when they come near the view, which
 * may move the entry, so go() calls it again at each of the next two
 * frames.
 */
"function reveal(a){var i,top;if(!a)return;",
"if(list.scrollHeight>list.clientHeight+1){",
"top=a.getBoundingClientRect().top-list.getBoundingClientRect().top;",
"if(top<40||top>list.clientHeight-30)",
"list.scrollTop+=top-list.clientHeight/3;}",
"else if(getComputedStyle(view).position==='sticky'){",
"i=view.getBoundingClientRect().bottom;",
"top=a.getBoundingClientRect().top;",
"if(top<i+40||top>innerHeight-30)",
"scrollBy(0,top-i-(innerHeight-i)/3);}}",
"function go(g,m,keep){var q,a,sec,id,ds,i,li,top;",
"if(!secs.length)return;",
"g=Math.max(0,Math.min(secs.length-1,g));",
"m=Math.max(0,Math.min(pos[g].length-1,m));",
"sec=secs[g];q=parse(pos[g][m]);draw(q,sec);cur={g:g,m:m};",
"id='g'+(g+1)+'t'+m;svg.setAttribute('data-xgid',q.xgid);",
"svg.setAttribute('data-at',id);",
"if(shown)shown.classList.remove('cur');shown=link(g,m);",
"if(shown)shown.classList.add('cur');",
/* The heading reads "Game 1, move 3, turn 5: Mallory 52: 13/8 13/11",
 * where the move is the number of the entry's row in the list. */
"where.textContent='Game '+(g+1)+(shown&&m>0?', move '+",
"shown.parentNode.parentNode.cells[0].textContent.replace(')','')+",
"', turn '+m+': '+name([sec.getAttribute('data-o'),",
"sec.getAttribute('data-x')][shown.parentNode.cellIndex-1],",
"shown.parentNode.cellIndex-1)+' '+shown.textContent:",
"', turn '+m+(m===0?': start of the game':''));",
"note.textContent='';",
"ds=document.querySelectorAll('li[data-at=\"'+id+'\"]');",
"for(i=0;i<ds.length;i++){li=ds[i].cloneNode(true);note.appendChild(li);}",
"if(q.lost){li=document.createElement('li');li.className='w';",
"li.textContent='The record cannot be followed this far: '+",
"'this is the last position the replay reached.';note.appendChild(li);}",
"document.getElementById('prev').disabled=g===0&&m===0;",
"document.getElementById('next').disabled=g===secs.length-1&&",
"m===pos[g].length-1;",
"document.getElementById('pgame').disabled=g===0;",
"document.getElementById('ngame').disabled=g===secs.length-1;",
"a=shown||sec.querySelector('h2');reveal(a);",
"requestAnimationFrame(function(){reveal(a);",
"requestAnimationFrame(function(){reveal(a);});});",
"if(!keep&&location.hash!=='#'+id)",
"history.replaceState(null,'','#'+id);}",
"function step(d){var g=cur.g,m=cur.m+d;",
"if(m<0){if(g===0)return;g--;m=pos[g].length-1;}",
"else if(m>=pos[g].length){if(g===secs.length-1)return;g++;m=0;}",
"go(g,m);}",
/* An address of the old form "#g3m12" is still read, and then
 * rewritten in the new form. */
"function fromhash(){var r=/^#g(\\d+)([tm])(\\d+)$/.exec(location.hash);",
"if(r)go(+r[1]-1,+r[3],r[2]==='t');else go(0,0,true);}",
"document.getElementById('first').onclick=function(){go(cur.g,0);};",
"document.getElementById('prev').onclick=function(){step(-1);};",
"document.getElementById('next').onclick=function(){step(1);};",
"document.getElementById('last').onclick=function(){",
"go(cur.g,pos[cur.g].length-1);};",
"document.getElementById('pgame').onclick=function(){go(cur.g-1,0);};",
"document.getElementById('ngame').onclick=function(){go(cur.g+1,0);};",
"window.addEventListener('hashchange',fromhash);",
"document.addEventListener('keydown',function(e){",
"if(e.altKey||e.ctrlKey||e.metaKey)return;switch(e.key){",
"case 'ArrowLeft':case 'ArrowUp':step(-1);break;",
"case 'ArrowRight':case 'ArrowDown':step(1);break;",
"case 'Home':go(cur.g,0);break;",
"case 'End':go(cur.g,pos[cur.g].length-1);break;",
"case 'PageUp':go(cur.g-1,0);break;",
"case 'PageDown':go(cur.g+1,0);break;",
"default:return;}e.preventDefault();});",
"fromhash();})();",
NULL
};

static void
putlines(bg_writer *w, const char *const *lines)
{
	for (; *lines != NULL; lines++) {
		fmt_puts(w, *lines);
		fmt_put(w, "\n", 1);
	}
}

/*
 * Write the n bytes at s as HTML text: escape what HTML needs escaped,
 * and write control characters and invalid UTF-8 as U+FFFD.
 */
static void
text(bg_writer *w, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	int k;

	while (p < e) {
		if (*p == '&')
			fmt_puts(w, "&amp;");
		else if (*p == '<')
			fmt_puts(w, "&lt;");
		else if (*p == '>')
			fmt_puts(w, "&gt;");
		else if (*p == '"')
			fmt_puts(w, "&quot;");
		else if (*p == '\'')
			fmt_puts(w, "&#39;");
		else if (*p >= 0x20 && *p < 0x7f)
			fmt_put(w, (const char *)p, 1);
		else if (*p >= 0x80 && (k = utf8seqn(p, (size_t)(e - p))) > 0 &&
		    !isc1(p)) {
			fmt_put(w, (const char *)p, (size_t)k);
			p += k;
			continue;
		} else
			fmt_puts(w, "\xef\xbf\xbd");
		p++;
	}
}

static void
textz(bg_writer *w, const char *s)
{
	if (s != NULL)
		text(w, s, strlen(s));
}

/* Return the name of side s in game g, or in the match when g is NULL
 * or does not name it; "" when neither does. */
static const char *
player(const bg_writer *w, const bg_game *g, int s)
{
	const char *n = g != NULL ? bg_game_player(g, s) : NULL;

	if (n == NULL)
		n = bg_match_player(w->m, s);
	return n != NULL ? n : "";
}

static void
whoname(bg_writer *w, const bg_game *g, int s)
{
	const char *n = player(w, g, s);

	if (*n)
		textz(w, n);
	else
		fmt_puts(w, s ? "X" : "O");
}

int
fmt_html_match(bg_writer *w)
{
	static const char *const shown[] = { "Event", "Round", "Site",
		"EventDate", "Date" };
	const bg_variant_info *vi;
	bg_drawopts d;
	struct dout o;
	const char *v;
	char *buf;
	size_t i;
	int n, sep = 0;

	if (w->matches > 1) {
		fmt_lost(w, NULL, "match %d: a page holds one match",
		    w->matches);
		return 0;
	}
	fmt_puts(w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n<title>");
	whoname(w, NULL, 0);
	fmt_puts(w, " \xe2\x80\x93 ");
	whoname(w, NULL, 1);
	fmt_puts(w, "</title>\n<style>\n");
	putlines(w, css);
	fmt_puts(w, "</style>\n</head>\n<body>\n<header>\n<h1>");
	whoname(w, NULL, 0);
	fmt_puts(w, " \xe2\x80\x93 ");
	whoname(w, NULL, 1);
	fmt_puts(w, "</h1>\n<p>");
	n = bg_match_length(w->m);
	vi = bg_variant_get(bg_replay_variant(w->rp));
	if (vi != NULL && vi->id != BG_VARIANT_STANDARD)
		fmt_printf(w, "%s, ", vi->title);
	if (n > 0)
		fmt_printf(w, "%d point match", n);
	else if (n == 0)
		fmt_puts(w, "Money game");
	else
		fmt_puts(w, "Match");
	for (i = 0; i < sizeof shown / sizeof shown[0]; i++)
		if ((v = fmt_tag(w, shown[i])) != NULL && *v != '\0' &&
		    !(i == 4 && sep & 8)) {
			fmt_puts(w, " \xc2\xb7 ");
			textz(w, v);
			sep |= 1 << i;
		}
	fmt_puts(w, "</p>\n</header>\n<main>\n<div id=\"view\">\n"
	    "<p id=\"where\"></p>\n");
	/* The board as bgshow draws it (draw_svg.c's), then the status line,
	 * where the script writes names, score, pips and cube as text. */
	bg_drawopts_init(&d);
	d.variant = bg_replay_variant(w->rp);
	dout_init(&o, NULL, 0);
	draw_svg_page(&o, &d);
	if ((n = dout_end(&o)) < 0 || (buf = malloc((size_t)n + 1)) == NULL)
		return w->err = -BG_ENOMEM;
	dout_init(&o, buf, (size_t)n + 1);
	draw_svg_page(&o, &d);
	fmt_put(w, buf, (size_t)n);
	free(buf);
	fmt_puts(w, "<p id=\"status\"></p>\n<nav>\n"
	    "<button id=\"pgame\" title=\"Previous game (Page Up)\">"
	    "\xc2\xab Game</button>\n"
	    "<button id=\"first\" title=\"Start of the game (Home)\">"
	    "\xe2\x87\xa4</button>\n"
	    "<button id=\"prev\" title=\"Back (\xe2\x86\x90)\">"
	    "\xe2\x97\x80</button>\n"
	    "<button id=\"next\" title=\"Forward (\xe2\x86\x92)\">"
	    "\xe2\x96\xb6</button>\n"
	    "<button id=\"last\" title=\"End of the game (End)\">"
	    "\xe2\x87\xa5</button>\n"
	    "<button id=\"ngame\" title=\"Next game (Page Down)\">"
	    "Game \xc2\xbb</button>\n</nav>\n"
	    "<ul id=\"note\"></ul>\n</div>\n");
	fmt_printf(w, "<div id=\"moves\" data-checkers=\"%d\" data-cube=\"%d\" "
	    "data-bg=\"%d\">\n", vi != NULL ? vi->checkers : 15,
	    vi == NULL || (vi->flags & BG_VF_CUBE) ? 1 : 0,
	    vi == NULL || (vi->flags & BG_VF_BACKGAMMON) ? 1 : 0);
	return w->err;
}

/* Where a diagnostic goes: the index of the record it concerns, or n
 * (the number of records) when it concerns the whole game. */
struct place {
	size_t		 rec;
	size_t		 i;		/* d's index, to keep the order */
	const bg_diag	*d;
};

static int
byplace(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->rec != y->rec)
		return x->rec < y->rec ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Return the index of the first place of record rec in pl, which is
 * sorted; when rec has none, the index of the next place, or npl. */
static size_t
firstof(const struct place *pl, size_t npl, size_t rec)
{
	size_t lo = 0, hi = npl, i;

	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if (pl[i].rec < rec)
			lo = i + 1;
		else
			hi = i;
	}
	return lo;
}

/*
 * Return the index of the record that diagnostic d concerns: the last
 * record on d's line that starts at or before d's column and, when d
 * names a side, is that side's.  Return n when there is none.  The
 * records are in line order.
 */
static size_t
placeof(const bg_game *g, size_t n, const bg_diag *d)
{
	size_t lo = 0, hi = n, i, best = n;
	const bg_record *r;

	if (d->line <= 0)
		return n;
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if (bg_game_record(g, i)->line < d->line)
			lo = i + 1;
		else
			hi = i;
	}
	for (i = lo; i < n && (r = bg_game_record(g, i))->line == d->line;
	    i++) {
		if (d->col > 0 && r->col > d->col)
			break;
		if (d->side >= 0 && r->side >= 0 && r->side != d->side)
			continue;
		best = i;
		if (d->col <= 0)
			break;
	}
	return best;
}

static void
diagitem(bg_writer *w, const bg_diag *d, const char *at)
{
	fmt_printf(w, "<li class=\"%c\"", d->severity == BG_SEV_WARNING ?
	    'w' : 'e');
	if (at != NULL)
		fmt_printf(w, " data-at=\"%s\"", at);
	fmt_puts(w, ">");
	if (d->line > 0)
		fmt_printf(w, "line %d: ", d->line);
	fmt_puts(w, d->severity == BG_SEV_WARNING ? "warning: " : "error: ");
	textz(w, bg_strerror(d->code));
	if (d->detail[0] != '\0') {
		fmt_puts(w, ": ");
		textz(w, d->detail);
	}
	fmt_puts(w, "</li>\n");
}

/* Write the words that show a record in the list. */
static void
words(bg_writer *w, const bg_record *r, const struct wrec *wr)
{
	char buf[128];
	int v = r->value;

	switch (r->kind) {
	case BG_REC_MOVE:
		if (r->dice[0] > 0)
			fmt_printf(w, "%d%d: ", r->dice[0], r->dice[1]);
		if (wr->played && !wr->lost && bg_play_format(buf, sizeof buf,
		    &wr->play, BG_STYLE_GNUBG) < (int)sizeof buf)
			textz(w, *buf ? buf : "no play");
		else if (r->note.kind == BG_NOTE_NONE)
			fmt_puts(w, "no play");
		else if (r->note.kind == BG_NOTE_UNKNOWN &&
		    !(r->flags & BG_RF_BADPLAY))
			fmt_puts(w, "????");
		else if (r->text != NULL) {
			const char *c = memchr(r->text, ':', r->len);
			size_t k = c != NULL ? (size_t)(c - r->text) + 1 : 0;

			while (k < r->len && r->text[k] == ' ')
				k++;
			text(w, r->text + k, r->len - k);
		}
		return;
	case BG_REC_DOUBLE:
		fmt_printf(w, "Doubles \xe2\x86\x92 %d", v);
		return;
	case BG_REC_BEAVER:
		fmt_printf(w, "Beavers \xe2\x86\x92 %d", v);
		return;
	case BG_REC_RACCOON:
		fmt_printf(w, "Raccoons \xe2\x86\x92 %d", v);
		return;
	case BG_REC_TAKE:
		fmt_puts(w, "Takes");
		return;
	case BG_REC_DROP:
		fmt_puts(w, "Drops");
		return;
	case BG_REC_WIN:
		fmt_printf(w, "Wins %d point%s", v, v == 1 ? "" : "s");
		return;
	default:
		if (r->text != NULL)
			text(w, r->text, r->len);
		return;
	}
}

/* Write a position for data-p: its XGID without "XGID=", then the
 * state of the game when it is over or lost track of. */
static void
posdata(bg_writer *w, const bg_board *b, const bg_matchstate *ms, int lost)
{
	char xg[128];
	int n;

	n = bg_xgid_encode(xg, sizeof xg, b, ms);
	if (n < 5 || (size_t)n >= sizeof xg) {
		/* Cannot happen: the replay's positions are consistent. */
		w->err = -BG_EINVAL;
		return;
	}
	fmt_puts(w, xg + 5);		/* without "XGID=" */
	switch (ms->state) {
	case BG_GAME_OVER:
		fmt_puts(w, "/o");
		break;
	case BG_GAME_DROPPED:
		fmt_printf(w, "/d%d", ms->turn);
		break;
	case BG_GAME_RESIGNED:
		fmt_printf(w, "/r%d%d", ms->resign, ms->turn);
		break;
	default:
		break;
	}
	if (lost)
		fmt_puts(w, "/x");
}

/* Return the mark shown for record i in the list: the worse of its
 * play's mark and its cube action's mark. */
static int
markof(const bg_game *g, size_t i)
{
	const bg_rec_analysis *a = bg_game_record_analysis(g, i);
	int m;

	if (a == NULL)
		return 0;
	m = (int)a->skill;
	return (int)a->cube_skill > m ? (int)a->cube_skill : m;
}

/* Return the board before record i: the position after the last
 * record before it that has one, or the start. */
static const bg_board *
before(const bg_writer *w, size_t i)
{
	while (i-- > 0)
		if (w->wr[i].pos)
			return &w->wr[i].after;
	return &w->start;
}

/* Write an equity in a cell as "+0.127", with a true minus sign. */
static void
equity(bg_writer *w, double x)
{
	char e[16];

	dec_equity(e, sizeof e, x);
	if (*e == '-')
		fmt_printf(w, "\xe2\x88\x92%s", e + 1);
	else
		fmt_puts(w, e);
}

/* Write the candidates of a play: the best five, and the play made. */
static void
candidates(bg_writer *w, const bg_rec_analysis *a, const bg_board *b0,
    int side)
{
	const bg_candidate *c;
	bg_board b;
	bg_play p;
	char play[64];
	size_t i;

	fmt_puts(w, "<table class=\"cand\">");
	for (i = 0; i < a->ncand; i++) {
		if (i >= 5 && !((a->has & BG_AN_PLAYED) && a->played == i))
			continue;
		c = &a->cand[i];
		b = *b0;
		p = c->play;
		if (bg_play_apply(&b, side, &p) < 0 ||
		    bg_play_format(play, sizeof play, &p, BG_STYLE_GNUBG) < 0)
			snprintf(play, sizeof play, "?");
		fmt_printf(w, "<tr%s><td>%lu.</td><td>", (a->has &
		    BG_AN_PLAYED) && a->played == i ? " class=\"made\"" : "",
		    (unsigned long)i + 1);
		textz(w, play);
		fmt_puts(w, "</td><td>");
		if (c->has_equity)
			equity(w, c->equity);
		fmt_puts(w, "</td><td>");
		if (i > 0 && c->has_equity && a->cand[0].has_equity)
			equity(w, c->equity - a->cand[0].equity);
		fmt_puts(w, "</td></tr>");
	}
	fmt_puts(w, "</table>");
}

/* Write the cube decision: its three equities, or, when the record has
 * only those, its two match-winning chances. */
static void
cubeline(bg_writer *w, const bg_rec_analysis *a)
{
	static const char *const proper[] = { "no double", "double, take",
		"double, pass", "too good to double, pass" };
	double eq[3];
	int prop;

	if (dec_cube(a, eq, &prop)) {
		fmt_puts(w, "<div>No double ");
		equity(w, eq[0]);
		fmt_puts(w, " \xc2\xb7 double, take ");
		equity(w, eq[1]);
		fmt_puts(w, " \xc2\xb7 double, pass ");
		equity(w, eq[2]);
		if ((unsigned)prop < 4)
			fmt_printf(w, " \xc2\xb7 proper: %s", proper[prop]);
		fmt_puts(w, "</div>");
	} else if ((a->has & BG_AN_CUBE) && (a->cube_out[0].has &
	    BG_OUT_MWC) && (a->cube_out[1].has & BG_OUT_MWC))
		fmt_printf(w, "<div>Match-winning chances: no double %.1f%% "
		    "\xc2\xb7 double, take %.1f%%</div>",
		    100 * a->cube_out[0].mwc, 100 * a->cube_out[1].mwc);
}

/* Whether record i has an analysis to show under its row. */
static int
shown_an(const bg_game *g, size_t i, struct judged *j)
{
	const bg_rec_analysis *a = bg_game_record_analysis(g, i);
	const bg_record *r = bg_game_record(g, i);

	if (a == NULL || r->side < 0 || r->side > 1)
		return 0;
	dec_judge(j, r, a);
	return (j->has & DJ_ERROR) || j->best != NULL || j->mark != 0 ||
	    (a->has & (BG_AN_CUBE | BG_AN_CUBEEQ));
}

/* Write record i's analysis, folded, under its row in its column. */
static void
analysis(bg_writer *w, const bg_game *g, size_t i)
{
	static const char *const mark[] = { "", " (doubtful)", " (bad)",
		" (very bad)" };
	const bg_rec_analysis *a = bg_game_record_analysis(g, i);
	const bg_record *r;
	struct judged j;
	char ev[32];

	if (!shown_an(g, i, &j))
		return;
	r = bg_game_record(g, i);
	fmt_puts(w, "<details><summary>");
	if ((j.has & DJ_ERROR) && j.error <= -0.0005)
		fmt_printf(w, "lost %.3f", -j.error);
	else if (j.has & DJ_ERROR)
		fmt_puts(w, j.kind == DJ_PLAY ? "best play" : "right");
	else
		fmt_puts(w, j.kind == DJ_PLAY && j.best != NULL ? "plays" :
		    "cube");
	if ((unsigned)j.mark < 4)
		fmt_puts(w, mark[j.mark]);
	fmt_puts(w, "</summary>");
	dec_eval_name(ev, sizeof ev, j.eval);
	if (*ev) {
		fmt_puts(w, "<div>Evaluation: ");
		textz(w, ev);
		fmt_puts(w, "</div>");
	}
	cubeline(w, a);
	if (j.kind == DJ_PLAY && (a->has & BG_AN_MOVE) && a->ncand > 0)
		candidates(w, a, before(w, i), r->side);
	fmt_puts(w, "</details>");
}

/*
 * The chart of the game's equity lost: a bar at each turn, up for side
 * 0 and down for side 1, a bar's height to scale up to half a point
 * (more is cut there); none when no decision has an error.
 */
static void
chart(bg_writer *w, const bg_game *g, size_t n, int turns)
{
	const bg_rec_analysis *a;
	struct judged j;
	double h;
	size_t i;
	int any = 0;

	for (i = 0; i < n && !any; i++)
		if ((a = bg_game_record_analysis(g, i)) != NULL &&
		    w->wr[i].pos) {
			dec_judge(&j, bg_game_record(g, i), a);
			any = (j.has & DJ_ERROR) != 0;
		}
	if (!any || turns < 1)
		return;
	fmt_printf(w, "<svg class=\"lost\" viewBox=\"0 -50 %d 100\" "
	    "preserveAspectRatio=\"none\" role=\"img\"><title>Equity lost at "
	    "each turn: ", turns);
	whoname(w, g, 0);
	fmt_puts(w, " up, ");
	whoname(w, g, 1);
	fmt_printf(w, " down</title><line x1=\"0\" y1=\"0\" x2=\"%d\" "
	    "y2=\"0\" stroke=\"#e0d6c3\" stroke-width=\"0.5\" "
	    "vector-effect=\"non-scaling-stroke\"/>", turns);
	for (i = 0; i < n; i++) {
		const bg_record *r = bg_game_record(g, i);

		if ((a = bg_game_record_analysis(g, i)) == NULL ||
		    !w->wr[i].pos || r->side < 0 || r->side > 1)
			continue;
		dec_judge(&j, r, a);
		if (!(j.has & DJ_ERROR) || j.error > -0.0005)
			continue;
		h = -j.error > 0.5 ? 50 : -j.error * 100;
		fmt_printf(w, "<rect class=\"s%d\" x=\"%d.1\" y=\"%.1f\" "
		    "width=\"0.8\" height=\"%.1f\"><title>turn %d: ", r->side,
		    w->wr[i].turn - 1, r->side ? 0 : -h, h, w->wr[i].turn);
		whoname(w, g, r->side);
		fmt_printf(w, " lost %.3f</title></rect>", -j.error);
	}
	fmt_puts(w, "</svg>\n");
}

struct row {
	int		 no;		/* the move number shown */
	size_t		 rec[2];	/* each side's record, or n */
};

static void
cell(bg_writer *w, const bg_game *g, size_t n, size_t i, int game,
    const struct place *pl, size_t npl)
{
	const bg_record *r;
	const struct wrec *wr;
	int worst = 0, m;
	size_t k;

	if (i == n) {
		fmt_puts(w, "<td></td>");
		return;
	}
	r = bg_game_record(g, i);
	wr = &w->wr[i];
	if (r->code > 0)
		worst = bg_code_severity(r->code) == BG_SEV_WARNING ? 1 : 2;
	for (k = firstof(pl, npl, i); k < npl && pl[k].rec == i; k++)
		if (worst < 2)
			worst = pl[k].d->severity == BG_SEV_WARNING ? 1 : 2;
	fmt_printf(w, "<td%s>", worst == 2 ? " class=\"e\"" : worst == 1 ?
	    " class=\"w\"" : "");
	m = markof(g, i);
	if (wr->pos) {
		fmt_printf(w, "<a href=\"#g%dt%d\"", game, wr->turn);
	} else
		fmt_puts(w, "<span");
	if (m > 0)
		fmt_printf(w, " class=\"m%d\"", m);
	fmt_puts(w, ">");
	words(w, r, wr);
	/* Write gnubg's marks as annotators write them. */
	if (m > 0)
		fmt_puts(w, m == 1 ? " ?!" : m == 2 ? " ?" : " ??");
	fmt_puts(w, wr->pos ? "</a></td>" : "</span></td>");
}

/*
 * Write the diagnostics of record rec (of the whole game when rec is n)
 * as items of a list, which is opened before the first (*open says
 * whether it is).  Each item names the position it concerns.
 */
static void
diags(bg_writer *w, const bg_game *g, size_t n, size_t rec, int game,
    const struct place *pl, size_t npl, int *open)
{
	char at[32];
	const char *where = NULL;
	size_t k;
	bg_diag d;

	if (rec < n && w->wr[rec].pos) {
		snprintf(at, sizeof at, "g%dt%d", game, w->wr[rec].turn);
		where = at;
	}
	/* The record's own problem, as the reader saw it. */
	if (rec < n && bg_game_record(g, rec)->code > 0) {
		memset(&d, 0, sizeof d);
		d.code = bg_game_record(g, rec)->code;
		d.severity = bg_code_severity(d.code);
		d.line = bg_game_record(g, rec)->line;
		if (!(*open)++)
			fmt_puts(w, "<tr><td colspan=\"3\"><ul class=\"diag\">\n");
		diagitem(w, &d, where);
	}
	for (k = firstof(pl, npl, rec); k < npl && pl[k].rec == rec; k++) {
		if (!(*open)++)
			fmt_puts(w, "<tr><td colspan=\"3\"><ul class=\"diag\">\n");
		diagitem(w, pl[k].d, where);
	}
}

static void
flushrow(bg_writer *w, const bg_game *g, size_t n, struct row *rw,
    int game, const struct place *pl, size_t npl)
{
	struct judged j;
	int s, open = 0;

	if (rw->rec[0] == n && rw->rec[1] == n)
		return;
	fmt_printf(w, "<tr><th>%d)</th>", rw->no);
	cell(w, g, n, rw->rec[0], game, pl, npl);
	cell(w, g, n, rw->rec[1], game, pl, npl);
	fmt_puts(w, "</tr>\n");
	for (s = 0; s < 2; s++)
		if (rw->rec[s] != n)
			diags(w, g, n, rw->rec[s], game, pl, npl, &open);
	if (open)
		fmt_puts(w, "</ul></td></tr>\n");
	/* The analysis of each side's action, under it. */
	if ((rw->rec[0] != n && shown_an(g, rw->rec[0], &j)) ||
	    (rw->rec[1] != n && shown_an(g, rw->rec[1], &j))) {
		fmt_puts(w, "<tr class=\"an\"><th></th>");
		for (s = 0; s < 2; s++) {
			fmt_puts(w, "<td>");
			if (rw->rec[s] != n)
				analysis(w, g, rw->rec[s]);
			fmt_puts(w, "</td>");
		}
		fmt_puts(w, "</tr>\n");
	}
	rw->rec[0] = rw->rec[1] = n;
}

int
fmt_html_game(bg_writer *w)
{
	const bg_game *g = w->g;
	size_t n = bg_game_record_count(g), nd, i, npl = 0;
	const bg_record *r;
	struct place *pl = NULL;
	struct row rw;
	struct dout o;
	char mwords[96];
	int game = w->games + 1, s, turn = 0, lastno = 0, open;

	if (w->matches > 1)
		return 0;
	/* Where each diagnostic of the replay goes. */
	nd = bg_replay_diag_count(w->rp);
	if (nd > 0 && (pl = malloc(nd * sizeof *pl)) == NULL)
		return w->err = -BG_ENOMEM;
	for (i = 0; i < nd; i++) {
		pl[npl].d = bg_replay_diag(w->rp, i);
		pl[npl].i = i;
		pl[npl].rec = placeof(g, n, pl[npl].d);
		npl++;
	}
	if (npl > 1)
		qsort(pl, npl, sizeof *pl, byplace);

	fmt_printf(w, "<section class=\"game\" id=\"g%d\" data-o=\"", game);
	textz(w, player(w, g, 0));
	fmt_puts(w, "\" data-x=\"");
	textz(w, player(w, g, 1));
	dout_init(&o, mwords, sizeof mwords);
	draw_match(&o, &w->startms, bg_replay_variant(w->rp));
	fmt_puts(w, "\" data-match=\"");
	textz(w, mwords);
	/* Every position, the start first, numbered as bgshow -m counts. */
	fmt_puts(w, "\"\n data-p=\"");
	posdata(w, &w->start, &w->startms, 0);
	for (i = 0; i < n; i++) {
		if (!w->wr[i].pos)
			continue;
		if (w->wr[i].turn != ++turn)
			w->err = -BG_EINVAL;	/* cannot happen */
		fmt_put(w, " ", 1);
		posdata(w, &w->wr[i].after, &w->wr[i].ms, w->wr[i].lost);
	}
	fmt_printf(w, "\">\n<h2><a href=\"#g%dt0\">Game %d</a><span>", game,
	    game);
	for (s = 0; s < 2; s++) {
		if (s)
			fmt_puts(w, " \xc2\xb7 ");
		whoname(w, g, s);
		fmt_printf(w, " %d", w->startms.score[s]);
	}
	fmt_puts(w, "</span></h2>\n");
	chart(w, g, n, turn);
	fmt_puts(w, "<table>\n");

	/* Make rows as a .mat has them: a move number, a cell for each side. */
	rw.no = 0;
	rw.rec[0] = rw.rec[1] = n;
	for (i = 0; i < n; i++) {
		r = bg_game_record(g, i);
		if (r->kind == BG_REC_COMMENT || r->side < 0) {
			flushrow(w, g, n, &rw, game, pl, npl);
			fmt_puts(w, "<tr><th></th><td colspan=\"2\" "
			    "class=\"c\">");
			text(w, r->text != NULL ? r->text : "", r->text ?
			    r->len : 0);
			fmt_puts(w, "</td></tr>\n");
			continue;
		}
		s = r->side ? 1 : 0;
		if (rw.rec[s] != n || (s == 0 && rw.rec[1] != n) ||
		    (r->moveno > 0 && r->moveno != rw.no &&
		    (rw.rec[0] != n || rw.rec[1] != n))) {
			flushrow(w, g, n, &rw, game, pl, npl);
		}
		if (rw.rec[0] == n && rw.rec[1] == n)
			rw.no = r->moveno > 0 ? r->moveno : lastno + 1;
		lastno = rw.no;
		rw.rec[s] = i;
	}
	flushrow(w, g, n, &rw, game, pl, npl);
	open = 0;
	diags(w, g, n, n, game, pl, npl, &open);
	if (open)
		fmt_puts(w, "</ul></td></tr>\n");
	fmt_puts(w, "</table>\n");
	fmt_puts(w, "</section>\n");
	free(pl);
	return w->err;
}

int
fmt_html_end(bg_writer *w)
{
	bg_drawopts d;
	struct dout o;
	char *buf;
	int n;

	if (w->matches > 1)
		return 0;
	fmt_puts(w, "</div>\n</main>\n<footer>Step with the buttons, a click "
	    "on a move, or the keys <kbd>\xe2\x86\x90</kbd> <kbd>\xe2\x86\x92"
	    "</kbd> (a turn), <kbd>Home</kbd> <kbd>End</kbd> (the game's "
	    "start and end), <kbd>Page Up</kbd> <kbd>Page Down</kbd> (a "
	    "game). A move is a numbered row of the list, a play or cube "
	    "action of each side; a turn is one of them. The address ends "
	    "in #g3t12 for game 3 after turn 12: copy it to share the "
	    "position.</footer>\n<script>\n"
	    "var G=");
	bg_drawopts_init(&d);
	d.variant = bg_replay_variant(w->rp);
	dout_init(&o, NULL, 0);
	draw_svg_geometry(&o, &d);
	if ((n = dout_end(&o)) < 0 || (buf = malloc((size_t)n + 1)) == NULL)
		return w->err = -BG_ENOMEM;
	dout_init(&o, buf, (size_t)n + 1);
	draw_svg_geometry(&o, &d);
	fmt_put(w, buf, (size_t)n);
	free(buf);
	fmt_puts(w, ";\n");
	putlines(w, script);
	fmt_puts(w, "</script>\n</body>\n</html>\n");
	return w->err;
}

static const struct fmt_wops html_wops = {
	0, fmt_html_match, fmt_html_game, fmt_html_end
};

const struct fmt_row fmt_html_row = {
	BG_FORMAT_HTML, "html", "", ".html",
	"a web page to step through a match (written only)",
	"more than one match",
	NULL, 0, NULL, &html_wops
};
