'use strict';
// Friends (朋友列表): the Chinese Core Spotlight demo, written for the iOS package
// react-native-spotlight-search and run unchanged on Linux.
//
// It saves every friend to the index in domain `chuanzhang` (savePeopleToIndex),
// shows the friend list, and, when the system search opens a friend, finds the
// friend by id and shows the detail screen (continueUserActivity in the demo):
//   searchlight run examples/friends/app.js               the friend list
//   searchlight run examples/friends/app.js --activate 3  the detail of friend 3
// Try `searchlight search 李` or `searchlight search 家伙` after a run.

const SpotlightSearch = require('react-native-spotlight-search');

const DOMAIN = 'chuanzhang';

/** Person: id, name, icon (the iOS asset name; here NAME.png beside this file). */
const dataList = [
  { id: '1', name: '张伟', pinyin: 'Zhang Wei', icon: 'zhangwei' },
  { id: '2', name: '王芳', pinyin: 'Wang Fang', icon: 'wangfang' },
  { id: '3', name: '李娜', pinyin: 'Li Na', icon: 'lina' },
  { id: '4', name: '刘洋', pinyin: 'Liu Yang', icon: 'liuyang' },
  { id: '5', name: '陈静', pinyin: 'Chen Jing', icon: 'chenjing' },
  { id: '6', name: '杨帆', pinyin: 'Yang Fan', icon: 'yangfan' },
];

/** Save every friend to the on-device index (the demo's savePeopleToIndex). */
function savePeopleToIndex() {
  return SpotlightSearch.indexItems(dataList.map((person) => ({
    uniqueIdentifier: person.id,
    domain: DOMAIN,
    title: person.name,
    contentDescription: `这个家伙名字叫 ${person.name}`,
    keywords: [person.name, person.pinyin],
    thumbnailName: person.icon,
  })));
}

function findFriendWithId(id) {
  return dataList.find((person) => person.id === id) || null;
}

function showList() {
  console.log('');
  console.log('━━ 朋友列表 ━━');
  dataList.forEach((person) => console.log(`  ${person.name}  (${person.pinyin})`));
}

/** The detail screen (DXViewController): the friend's picture and name. */
function showDetail(id) {
  const person = findFriendWithId(id);
  console.log('');
  if (person === null) {
    console.log('━━ ‹ 朋友列表 ━━');
    console.log(`  没有找到 id 为 ${id} 的朋友`);
    return;
  }
  console.log(`━━ ‹ 朋友列表 │ ${person.name} ━━`);
  console.log(`  头像  ${__dirname}/${person.icon}.png`);
  console.log(`  名字  ${person.name} (${person.pinyin})`);
}

async function main() {
  await savePeopleToIndex();
  const initialId = await SpotlightSearch.getInitialSearchItem();
  if (initialId === null) showList();
  // Every opened friend, including the one that started the app, arrives here.
  SpotlightSearch.searchItemTapped((id) => showDetail(id));
}

main().catch((error) => {
  console.error(`friends: ${error.code ? `${error.code}: ` : ''}${error.message}`);
  process.exitCode = 1;
});
