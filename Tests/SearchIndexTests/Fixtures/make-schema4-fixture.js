'use strict';
// Writes Fixtures/schema4 (QualityBucketTests) with main 9259385's searchlight:
//   searchlight run make-schema4-fixture.js --data-dir DIR --app-id org.example.Fixture
// its items' order by hint, then engagement, differs from the order of the sum
// of the two parts that schema 4 filed their FTS rows under.
const { NativeModules } = require('react-native');
const SearchOnDevice = NativeModules.SearchOnDevice;

async function main() {
  const items = [{ id: 'hinted', title: 'Harbor report', rankingHint: 90 }];
  for (let n = 0; n < 110; n += 1) items.push({ id: `engaged-${n}`, title: 'Harbor report' });
  items.push({ id: 'low-hint', title: 'Harbor report', rankingHint: 10 });
  for (let n = 0; n < 30; n += 1) {
    items.push({ id: `notes-${n}`, title: `Meeting notes ${n}`, contentDescription: 'harbor schedule and crew',
      rankingHint: (n * 37) % 101, keywords: ['minutes'] });
  }
  items.push({ id: 'news', title: '腾讯新闻', contentDescription: 'Daily headlines' });
  await SearchOnDevice.indexItems(items);
  const visits = [];
  for (let n = 0; n < 110; n += 1) visits.push(`engaged-${n}`);
  for (let n = 0; n < 3; n += 1) visits.push('low-hint');
  for (let n = 0; n < 30; n += 1) for (let k = 0; k < n % 4; k += 1) visits.push(`notes-${n}`);
  for (const id of visits) {
    await SearchOnDevice.becomeCurrent({ activityType: 'org.example.view', relatedUniqueIdentifier: id, eligibleForSearch: false });
  }
  await SearchOnDevice.resignCurrent();
  console.log(`indexed ${items.length} items, ${visits.length} engagements`);
}
main().catch((error) => { console.error(error); process.exitCode = 1; });
