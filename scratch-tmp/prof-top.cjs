const fs=require("fs");const f=process.argv[2];
const p=JSON.parse(fs.readFileSync(f));const self=new Map();
const dt=p.timeDeltas;const cnt=new Map();p.samples.forEach((s,i)=>cnt.set(s,(cnt.get(s)||0)+(dt[i]||0)));
let total=0;
for(const n of p.nodes){const k=n.callFrame.functionName+" "+n.callFrame.url.split("/").slice(-2).join("/")+":"+n.callFrame.lineNumber;const v=cnt.get(n.id)||0;total+=v;self.set(k,(self.get(k)||0)+v);}
console.log("total",(total/1e6).toFixed(1),"s");
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[3]||30).map(([k,v])=>(v/1000).toFixed(0)+"ms "+(100*v/total).toFixed(1)+"% "+k).join("\n"))
