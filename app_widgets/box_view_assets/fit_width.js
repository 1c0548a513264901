// Shrinks the page to its frame's width when the boxes are wider (nothing is clipped on the right).
(function(){function fit(){var b=document.body;b.style.zoom=1;var w=document.documentElement.clientWidth,s=b.scrollWidth;if(w&&s>w+2)b.style.zoom=(w/s).toFixed(3);}window.addEventListener('load',fit);window.addEventListener('resize',fit);fit();})();
