// The box view's own script (no data from a file): hovering or clicking a clause element highlights
// it everywhere on its side and calls window.dscorerGraph in the graph panes.
(function(){
var pinned=null;
function graphs(){var out=[];try{var fr=window.parent.document.querySelectorAll('iframe');
 for(var i=0;i<fr.length;i++){try{var g=fr[i].contentWindow.dscorerGraph;
  if(g&&fr[i].contentWindow!==window)out.push(g);}
 catch(e){}}}catch(e){}return out;}
function ids(el,name){var v=el.getAttribute(name);
 return v?v.split(' ').filter(function(s){return s!=='';}).map(Number):[];}
function sideOf(el){var s=el.closest('.dv-side');return s?s.getAttribute('data-side'):'';}
function clear(){document.querySelectorAll('.dv-hot').forEach(function(e){e.classList.remove('dv-hot');});
 document.querySelectorAll('.dv-status').forEach(function(e){e.textContent='';});
 graphs().forEach(function(g){try{g.clear();}catch(e){}});}
function show(el){clear();var side=sideOf(el),i=el.getAttribute('data-clause'),root=el.closest('.dv-side');
 root.querySelectorAll('.dv-c').forEach(function(e){if(e.getAttribute('data-clause')===i)e.classList.add('dv-hot');});
 var st=root.querySelector('.dv-status');if(st)st.textContent=(el.getAttribute('title')||'').split('\n').join(' · ');
 var gs=graphs(),sides=['pred','gold'];
 gs.forEach(function(g,k){var gs_side=g.side||sides[k]||'';if(gs.length>1&&gs_side!==side&&side!=='drs')return;
  try{g.highlightEdges(ids(el,'data-edges'));g.highlightNodes(ids(el,'data-nodes'));}catch(e){}});}
document.addEventListener('mouseover',function(ev){var el=ev.target.closest('.dv-c');if(el&&!pinned)show(el);});
document.addEventListener('mouseout',function(ev){var el=ev.target.closest('.dv-c');if(el&&!pinned)clear();});
document.addEventListener('click',function(ev){var el=ev.target.closest('.dv-c');
 if(!el){pinned=null;clear();return;}if(pinned===el){pinned=null;clear();return;}pinned=el;show(el);});
var NS='http://www.w3.org/2000/svg';
function boxNamed(side,name){var found=null;side.querySelectorAll('.dv-box').forEach(function(b){
 if(!found&&b.getAttribute('data-box')===name)found=b;});return found;}
function arcs(){document.querySelectorAll('.dv-side').forEach(function(side){
 var roots=side.querySelector('.dv-roots');if(!roots)return;var old=roots.querySelector('.dv-arcs');if(old)old.remove();
 var links=side.querySelectorAll('.dv-link');if(!links.length)return;roots.style.paddingTop='0px';
 var svg=document.createElementNS(NS,'svg');svg.setAttribute('class','dv-arcs');
 var defs=document.createElementNS(NS,'defs'),mk=document.createElementNS(NS,'marker');
 mk.setAttribute('id','dv-head');mk.setAttribute('viewBox','0 0 10 10');
 mk.setAttribute('refX','9');mk.setAttribute('refY','5');
 mk.setAttribute('markerWidth','9');mk.setAttribute('markerHeight','9');mk.setAttribute('markerUnits','userSpaceOnUse');mk.setAttribute('orient','auto');
 var tip=document.createElementNS(NS,'path');tip.setAttribute('d','M0,0 L10,5 L0,10 z');tip.setAttribute('fill','#777');
 mk.appendChild(tip);defs.appendChild(mk);svg.appendChild(defs);
 var spans=[];links.forEach(function(l){
  var a=boxNamed(side,l.getAttribute('data-from')),b=boxNamed(side,l.getAttribute('data-to'));
  if(a&&b&&a!==b)spans.push([l,a,b]);});
 spans=spans.filter(function(t){return Math.abs(t[1].getBoundingClientRect().top-t[2].getBoundingClientRect().top)<=4;})
  .slice(0,8);
 if(!spans.length)return;var pad=20+16*spans.length;roots.style.paddingTop=pad+'px';
 var r0=roots.getBoundingClientRect(),level=0;
 spans.forEach(function(t,j){var ra=t[1].getBoundingClientRect(),rb=t[2].getBoundingClientRect();
  var x1=ra.left+ra.width*(0.3+0.08*(level%5))-r0.left,x2=rb.left+rb.width*(0.7-0.08*(level%5))-r0.left;
  var y=ra.top-r0.top,h=16+16*level;level++;var ym=y-h/0.75;
  var p=document.createElementNS(NS,'path');
  p.setAttribute('d','M'+x1+','+y+' C'+x1+','+ym+' '+x2+','+ym+' '+x2+','+y);
  p.setAttribute('marker-end','url(#dv-head)');p.setAttribute('class','dv-c dv-arc');
  p.setAttribute('data-clause',t[0].getAttribute('data-of'));
  var lab=t[0].querySelector('.dv-c');if(lab){p.setAttribute('data-edges',lab.getAttribute('data-edges')||'');
   p.setAttribute('data-nodes',lab.getAttribute('data-nodes')||'');}
  var title=document.createElementNS(NS,'title');title.textContent=lab?lab.getAttribute('title')||'':'';
  p.appendChild(title);
  svg.appendChild(p);var tx=document.createElementNS(NS,'text');tx.setAttribute('x',(x1+x2)/2);
  tx.setAttribute('y',y-h-3);tx.setAttribute('text-anchor','middle');
  tx.textContent=t[0].getAttribute('data-rel');svg.appendChild(tx);});
 svg.setAttribute('width',roots.scrollWidth);svg.setAttribute('height',roots.scrollHeight);
 roots.insertBefore(svg,roots.firstChild);});}
arcs();window.addEventListener('resize',arcs);
document.body.dataset.ready='1';
})();
