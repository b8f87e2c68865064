/*
 * The demo catalog's products: realistic electronics sold in Riyadh, prices in SAR including
 * VAT. Names and specifications are written out in Arabic and English.
 */

export interface DemoProduct {
  sku: string;
  category: string;
  company: string;
  en: string;
  ar: string;
  price: number;
  offer?: number;
  /** Units in stock; defaults to a varied positive number. */
  stock?: number;
  featured?: boolean;
  descEn: string;
  descAr: string;
}

export const demoProducts: DemoProduct[] = [
  // ---- phones (18) ----
  {
    sku: 'iphone-15-128',
    category: 'phones',
    company: 'apple',
    en: 'iPhone 15 128GB',
    ar: 'آيفون 15 سعة 128 جيجابايت',
    price: 3399,
    offer: 3199,
    featured: true,
    descEn:
      '6.1-inch Super Retina XDR display with Dynamic Island, A16 Bionic chip, 48 MP main camera and USB-C. Colour: black.',
    descAr:
      'شاشة Super Retina XDR مقاس 6.1 بوصة مع الجزيرة الديناميكية، ومعالج A16 Bionic، وكاميرا رئيسية بدقة 48 ميجابكسل، ومنفذ USB-C. اللون: أسود.',
  },
  {
    sku: 'iphone-15-pro-256',
    category: 'phones',
    company: 'apple',
    en: 'iPhone 15 Pro 256GB',
    ar: 'آيفون 15 برو سعة 256 جيجابايت',
    price: 5099,
    descEn:
      'Titanium design, A17 Pro chip, 6.1-inch ProMotion display, 48 MP camera with 3x telephoto and the Action button.',
    descAr:
      'تصميم من التيتانيوم، ومعالج A17 Pro، وشاشة ProMotion مقاس 6.1 بوصة، وكاميرا 48 ميجابكسل مع تقريب بصري 3x وزر الإجراءات.',
  },
  {
    sku: 'iphone-15-pro-max-256',
    category: 'phones',
    company: 'apple',
    en: 'iPhone 15 Pro Max 256GB',
    ar: 'آيفون 15 برو ماكس سعة 256 جيجابايت',
    price: 5599,
    featured: true,
    descEn:
      '6.7-inch ProMotion display, A17 Pro chip, 5x tetraprism telephoto camera, titanium frame and all-day battery life.',
    descAr:
      'شاشة ProMotion مقاس 6.7 بوصة، ومعالج A17 Pro، وكاميرا تقريب بصري 5x، وإطار من التيتانيوم، وبطارية تدوم طوال اليوم.',
  },
  {
    sku: 'iphone-14-128',
    category: 'phones',
    company: 'apple',
    en: 'iPhone 14 128GB',
    ar: 'آيفون 14 سعة 128 جيجابايت',
    price: 2899,
    offer: 2599,
    descEn:
      '6.1-inch OLED display, A15 Bionic chip, dual 12 MP cameras with Action mode and Crash Detection.',
    descAr:
      'شاشة OLED مقاس 6.1 بوصة، ومعالج A15 Bionic، وكاميرتان بدقة 12 ميجابكسل مع وضع الحركة وميزة اكتشاف الحوادث.',
  },
  {
    sku: 'iphone-13-128',
    category: 'phones',
    company: 'apple',
    en: 'iPhone 13 128GB',
    ar: 'آيفون 13 سعة 128 جيجابايت',
    price: 2399,
    descEn:
      '6.1-inch Super Retina XDR display, A15 Bionic chip, Cinematic mode video and a durable Ceramic Shield front.',
    descAr:
      'شاشة Super Retina XDR مقاس 6.1 بوصة، ومعالج A15 Bionic، وتصوير فيديو بالوضع السينمائي، وواجهة Ceramic Shield متينة.',
  },
  {
    sku: 'galaxy-s24-ultra-256',
    category: 'phones',
    company: 'samsung',
    en: 'Galaxy S24 Ultra 256GB',
    ar: 'جالكسي S24 الترا سعة 256 جيجابايت',
    price: 5199,
    offer: 4699,
    featured: true,
    descEn:
      '6.8-inch QHD+ Dynamic AMOLED 2X display, Snapdragon 8 Gen 3, 200 MP camera, built-in S Pen and Galaxy AI.',
    descAr:
      'شاشة Dynamic AMOLED 2X مقاس 6.8 بوصة بدقة QHD+، ومعالج Snapdragon 8 Gen 3، وكاميرا 200 ميجابكسل، وقلم S Pen مدمج، وميزات Galaxy AI.',
  },
  {
    sku: 'galaxy-s24-256',
    category: 'phones',
    company: 'samsung',
    en: 'Galaxy S24 256GB',
    ar: 'جالكسي S24 سعة 256 جيجابايت',
    price: 3699,
    descEn:
      'Compact 6.2-inch display, 50 MP triple camera, Galaxy AI live translation and seven years of updates.',
    descAr:
      'شاشة مدمجة مقاس 6.2 بوصة، وثلاث كاميرات بدقة 50 ميجابكسل، وترجمة فورية بميزات Galaxy AI، وتحديثات لسبع سنوات.',
  },
  {
    sku: 'galaxy-z-flip5-256',
    category: 'phones',
    company: 'samsung',
    en: 'Galaxy Z Flip5 256GB',
    ar: 'جالكسي زد فليب 5 سعة 256 جيجابايت',
    price: 3999,
    offer: 3299,
    descEn:
      'Foldable phone with a 3.4-inch Flex Window cover screen, 6.7-inch main display and hands-free FlexCam.',
    descAr:
      'جوال قابل للطي بشاشة خارجية Flex Window مقاس 3.4 بوصة، وشاشة رئيسية مقاس 6.7 بوصة، وتصوير بدون يدين FlexCam.',
  },
  {
    sku: 'galaxy-z-fold5-512',
    category: 'phones',
    company: 'samsung',
    en: 'Galaxy Z Fold5 512GB',
    ar: 'جالكسي زد فولد 5 سعة 512 جيجابايت',
    price: 7499,
    descEn:
      'A 7.6-inch tablet-size screen that folds into your pocket, multitasking with three apps at once and S Pen support.',
    descAr: 'شاشة بحجم جهاز لوحي مقاس 7.6 بوصة تطوى في جيبك، وتعدد مهام بثلاثة تطبيقات معاً، ودعم قلم S Pen.',
  },
  {
    sku: 'galaxy-a55-128',
    category: 'phones',
    company: 'samsung',
    en: 'Galaxy A55 5G 128GB',
    ar: 'جالكسي A55 فايف جي سعة 128 جيجابايت',
    price: 1699,
    stock: 0,
    descEn: '6.6-inch Super AMOLED 120 Hz display, metal frame, 50 MP OIS camera and IP67 water resistance.',
    descAr:
      'شاشة Super AMOLED مقاس 6.6 بوصة بتردد 120 هرتز، وإطار معدني، وكاميرا 50 ميجابكسل مع مثبت بصري، ومقاومة للماء IP67.',
  },
  {
    sku: 'galaxy-a15-128',
    category: 'phones',
    company: 'samsung',
    en: 'Galaxy A15 128GB',
    ar: 'جالكسي A15 سعة 128 جيجابايت',
    price: 749,
    descEn:
      '6.5-inch Super AMOLED display, 5000 mAh battery with 25 W fast charging and a 50 MP triple camera.',
    descAr:
      'شاشة Super AMOLED مقاس 6.5 بوصة، وبطارية 5000 مللي أمبير مع شحن سريع 25 واط، وثلاث كاميرات بدقة 50 ميجابكسل.',
  },
  {
    sku: 'huawei-pura-70-pro',
    category: 'phones',
    company: 'huawei',
    en: 'Huawei Pura 70 Pro 512GB',
    ar: 'هواوي بورا 70 برو سعة 512 جيجابايت',
    price: 4499,
    descEn:
      'Ultra Lighting camera with a variable aperture, 6.8-inch LTPO OLED display and 100 W SuperCharge.',
    descAr: 'كاميرا Ultra Lighting بفتحة عدسة متغيرة، وشاشة LTPO OLED مقاس 6.8 بوصة، وشحن فائق 100 واط.',
  },
  {
    sku: 'huawei-nova-12-se',
    category: 'phones',
    company: 'huawei',
    en: 'Huawei nova 12 SE 256GB',
    ar: 'هواوي نوفا 12 إس إي سعة 256 جيجابايت',
    price: 1199,
    offer: 999,
    descEn: '108 MP camera, 6.67-inch OLED display, 66 W SuperCharge and a slim 7.4 mm body.',
    descAr: 'كاميرا 108 ميجابكسل، وشاشة OLED مقاس 6.67 بوصة، وشحن فائق 66 واط، وهيكل نحيف بسماكة 7.4 ملم.',
  },
  {
    sku: 'xiaomi-14-ultra-512',
    category: 'phones',
    company: 'xiaomi',
    en: 'Xiaomi 14 Ultra 512GB',
    ar: 'شاومي 14 الترا سعة 512 جيجابايت',
    price: 4999,
    descEn:
      'Leica quad camera with a 1-inch sensor, Snapdragon 8 Gen 3, 6.73-inch WQHD+ display and 90 W charging.',
    descAr:
      'أربع كاميرات لايكا بمستشعر 1 بوصة، ومعالج Snapdragon 8 Gen 3، وشاشة WQHD+ مقاس 6.73 بوصة، وشحن 90 واط.',
  },
  {
    sku: 'redmi-note-13-pro-256',
    category: 'phones',
    company: 'xiaomi',
    en: 'Redmi Note 13 Pro 256GB',
    ar: 'ريدمي نوت 13 برو سعة 256 جيجابايت',
    price: 1299,
    offer: 1149,
    descEn: '200 MP camera with OIS, 6.67-inch 1.5K AMOLED display, 67 W turbo charging and IP54 protection.',
    descAr:
      'كاميرا 200 ميجابكسل مع مثبت بصري، وشاشة AMOLED بدقة 1.5K مقاس 6.67 بوصة، وشحن توربو 67 واط، وحماية IP54.',
  },
  {
    sku: 'xiaomi-13t-pro-512',
    category: 'phones',
    company: 'xiaomi',
    en: 'Xiaomi 13T Pro 512GB',
    ar: 'شاومي 13T برو سعة 512 جيجابايت',
    price: 2499,
    descEn:
      'Leica Summicron optics, Dimensity 9200+, 144 Hz CrystalRes AMOLED display and 120 W HyperCharge.',
    descAr:
      'عدسات لايكا Summicron، ومعالج Dimensity 9200+، وشاشة CrystalRes AMOLED بتردد 144 هرتز، وشحن فائق 120 واط.',
  },
  {
    sku: 'redmi-13c-128',
    category: 'phones',
    company: 'xiaomi',
    en: 'Redmi 13C 128GB',
    ar: 'ريدمي 13C سعة 128 جيجابايت',
    price: 499,
    descEn: '6.74-inch 90 Hz display, 50 MP AI triple camera and a 5000 mAh battery for two days of use.',
    descAr:
      'شاشة مقاس 6.74 بوصة بتردد 90 هرتز، وثلاث كاميرات ذكية بدقة 50 ميجابكسل، وبطارية 5000 مللي أمبير تكفي يومين.',
  },
  {
    sku: 'sony-xperia-1-v',
    category: 'phones',
    company: 'sony',
    en: 'Sony Xperia 1 V 256GB',
    ar: 'سوني إكسبيريا 1 V سعة 256 جيجابايت',
    price: 4899,
    stock: 0,
    descEn: '6.5-inch 4K HDR OLED display, Exmor T stacked sensor, 3.5 mm headphone jack and microSD slot.',
    descAr:
      'شاشة OLED بدقة 4K HDR مقاس 6.5 بوصة، ومستشعر Exmor T، ومنفذ سماعات 3.5 ملم، ومنفذ لبطاقة microSD.',
  },

  // ---- laptops (10) ----
  {
    sku: 'macbook-air-13-m3',
    category: 'laptops',
    company: 'apple',
    en: 'MacBook Air 13" M3 8GB 256GB',
    ar: 'ماك بوك اير 13 بوصة M3 ذاكرة 8 جيجابايت 256 جيجابايت',
    price: 4799,
    featured: true,
    descEn:
      'Apple M3 chip, 13.6-inch Liquid Retina display, up to 18 hours of battery and a fanless, silent design.',
    descAr:
      'معالج Apple M3، وشاشة Liquid Retina مقاس 13.6 بوصة، وبطارية تدوم حتى 18 ساعة، وتصميم صامت بدون مروحة.',
  },
  {
    sku: 'macbook-pro-14-m3-pro',
    category: 'laptops',
    company: 'apple',
    en: 'MacBook Pro 14" M3 Pro 18GB 512GB',
    ar: 'ماك بوك برو 14 بوصة M3 برو ذاكرة 18 جيجابايت 512 جيجابايت',
    price: 8999,
    offer: 8499,
    descEn:
      'M3 Pro chip with 11-core CPU, Liquid Retina XDR display, HDMI, SD card slot and MagSafe 3 charging.',
    descAr:
      'معالج M3 Pro بوحدة معالجة من 11 نواة، وشاشة Liquid Retina XDR، ومنفذ HDMI ومنفذ بطاقات SD وشحن MagSafe 3.',
  },
  {
    sku: 'lenovo-yoga-slim-7-14',
    category: 'laptops',
    company: 'lenovo',
    en: 'Lenovo Yoga Slim 7 14" Core Ultra 7',
    ar: 'لينوفو يوجا سليم 7 مقاس 14 بوصة كور ألترا 7',
    price: 4299,
    descEn:
      'Intel Core Ultra 7 155H, 32 GB RAM, 1 TB SSD and a 2.8K OLED display in a 1.39 kg aluminium body.',
    descAr:
      'معالج Intel Core Ultra 7 155H، وذاكرة 32 جيجابايت، وتخزين SSD سعة 1 تيرابايت، وشاشة OLED بدقة 2.8K بهيكل ألمنيوم وزنه 1.39 كجم.',
  },
  {
    sku: 'lenovo-legion-5-rtx4060',
    category: 'laptops',
    company: 'lenovo',
    en: 'Lenovo Legion 5 RTX 4060 16"',
    ar: 'لينوفو ليجن 5 مع RTX 4060 مقاس 16 بوصة',
    price: 5999,
    offer: 5499,
    descEn:
      'Gaming laptop with Ryzen 7 7840HS, GeForce RTX 4060, 16-inch WQXGA 165 Hz display and Legion Coldfront cooling.',
    descAr:
      'حاسوب ألعاب بمعالج Ryzen 7 7840HS وبطاقة GeForce RTX 4060 وشاشة WQXGA مقاس 16 بوصة بتردد 165 هرتز وتبريد Legion Coldfront.',
  },
  {
    sku: 'lenovo-ideapad-slim-3-15',
    category: 'laptops',
    company: 'lenovo',
    en: 'Lenovo IdeaPad Slim 3 15" Core i5',
    ar: 'لينوفو آيديا باد سليم 3 مقاس 15 بوصة كور i5',
    price: 2299,
    descEn: 'Intel Core i5-12450H, 16 GB RAM, 512 GB SSD and a 15.6-inch Full HD display for study and work.',
    descAr:
      'معالج Intel Core i5-12450H، وذاكرة 16 جيجابايت، وتخزين 512 جيجابايت، وشاشة Full HD مقاس 15.6 بوصة للدراسة والعمل.',
  },
  {
    sku: 'hp-spectre-x360-14',
    category: 'laptops',
    company: 'hp',
    en: 'HP Spectre x360 14 2-in-1',
    ar: 'إتش بي سبكتر x360 مقاس 14 بوصة قابل للتحويل',
    price: 6499,
    descEn:
      'Convertible laptop with a 2.8K OLED touch display, Core Ultra 7, pen included and a 9 MP webcam.',
    descAr:
      'حاسوب قابل للتحويل بشاشة لمس OLED بدقة 2.8K، ومعالج Core Ultra 7، وقلم مرفق، وكاميرا ويب بدقة 9 ميجابكسل.',
  },
  {
    sku: 'hp-victus-15-rtx4050',
    category: 'laptops',
    company: 'hp',
    en: 'HP Victus 15 RTX 4050',
    ar: 'إتش بي فيكتوس 15 مع RTX 4050',
    price: 3799,
    offer: 3399,
    descEn: 'Core i5-13420H, GeForce RTX 4050, 144 Hz Full HD display and 16 GB DDR4 RAM for smooth gaming.',
    descAr:
      'معالج Core i5-13420H، وبطاقة GeForce RTX 4050، وشاشة Full HD بتردد 144 هرتز، وذاكرة 16 جيجابايت لألعاب سلسة.',
  },
  {
    sku: 'hp-pavilion-15-i7',
    category: 'laptops',
    company: 'hp',
    en: 'HP Pavilion 15 Core i7',
    ar: 'إتش بي بافيليون 15 كور i7',
    price: 3199,
    descEn: 'Intel Core i7-1355U, 16 GB RAM, 1 TB SSD, Bang & Olufsen audio and a fast-charging battery.',
    descAr:
      'معالج Intel Core i7-1355U، وذاكرة 16 جيجابايت، وتخزين 1 تيرابايت، وصوت Bang & Olufsen، وبطارية بشحن سريع.',
  },
  {
    sku: 'galaxy-book4-pro-14',
    category: 'laptops',
    company: 'samsung',
    en: 'Galaxy Book4 Pro 14"',
    ar: 'جالكسي بوك 4 برو مقاس 14 بوصة',
    price: 5799,
    descEn:
      'Dynamic AMOLED 2X touch display, Intel Core Ultra 7, 1.23 kg and seamless Galaxy phone connectivity.',
    descAr:
      'شاشة لمس Dynamic AMOLED 2X، ومعالج Intel Core Ultra 7، ووزن 1.23 كجم، واتصال سلس بجوالات جالكسي.',
  },
  {
    sku: 'huawei-matebook-d16',
    category: 'laptops',
    company: 'huawei',
    en: 'Huawei MateBook D 16',
    ar: 'هواوي ميت بوك D 16',
    price: 2799,
    stock: 0,
    descEn: '16-inch FullView display, Core i5-12450H, 16 GB RAM, 512 GB SSD and a fingerprint power button.',
    descAr:
      'شاشة FullView مقاس 16 بوصة، ومعالج Core i5-12450H، وذاكرة 16 جيجابايت، وتخزين 512 جيجابايت، وزر تشغيل ببصمة الإصبع.',
  },

  // ---- tablets (8) ----
  {
    sku: 'ipad-pro-11-m4-256',
    category: 'tablets',
    company: 'apple',
    en: 'iPad Pro 11" M4 256GB',
    ar: 'آيباد برو 11 بوصة M4 سعة 256 جيجابايت',
    price: 4599,
    descEn:
      'Ultra Retina XDR tandem OLED display, Apple M4 chip, 5.3 mm thin and support for Apple Pencil Pro.',
    descAr:
      'شاشة Ultra Retina XDR بتقنية OLED المزدوجة، ومعالج Apple M4، وسماكة 5.3 ملم، ودعم قلم Apple Pencil Pro.',
  },
  {
    sku: 'ipad-air-11-m2-128',
    category: 'tablets',
    company: 'apple',
    en: 'iPad Air 11" M2 128GB',
    ar: 'آيباد اير 11 بوصة M2 سعة 128 جيجابايت',
    price: 2799,
    offer: 2599,
    descEn: 'M2 chip, 11-inch Liquid Retina display, landscape front camera and Touch ID in the top button.',
    descAr:
      'معالج M2، وشاشة Liquid Retina مقاس 11 بوصة، وكاميرا أمامية أفقية، وبصمة Touch ID في الزر العلوي.',
  },
  {
    sku: 'ipad-10-64',
    category: 'tablets',
    company: 'apple',
    en: 'iPad 10th generation 64GB',
    ar: 'آيباد الجيل العاشر سعة 64 جيجابايت',
    price: 1699,
    descEn: '10.9-inch Liquid Retina display, A14 Bionic chip, USB-C and a 12 MP landscape front camera.',
    descAr:
      'شاشة Liquid Retina مقاس 10.9 بوصة، ومعالج A14 Bionic، ومنفذ USB-C، وكاميرا أمامية أفقية بدقة 12 ميجابكسل.',
  },
  {
    sku: 'galaxy-tab-s9-fe-128',
    category: 'tablets',
    company: 'samsung',
    en: 'Galaxy Tab S9 FE 128GB',
    ar: 'جالكسي تاب S9 FE سعة 128 جيجابايت',
    price: 1899,
    offer: 1599,
    descEn: '10.9-inch display with S Pen in the box, IP68 water resistance and an 8000 mAh battery.',
    descAr: 'شاشة مقاس 10.9 بوصة مع قلم S Pen في العلبة، ومقاومة للماء IP68، وبطارية 8000 مللي أمبير.',
  },
  {
    sku: 'galaxy-tab-s9-ultra-512',
    category: 'tablets',
    company: 'samsung',
    en: 'Galaxy Tab S9 Ultra 512GB',
    ar: 'جالكسي تاب S9 الترا سعة 512 جيجابايت',
    price: 5999,
    descEn: 'Huge 14.6-inch Dynamic AMOLED 2X display, Snapdragon 8 Gen 2, quad speakers by AKG and IP68.',
    descAr:
      'شاشة Dynamic AMOLED 2X كبيرة مقاس 14.6 بوصة، ومعالج Snapdragon 8 Gen 2، وأربعة مكبرات صوت من AKG، وحماية IP68.',
  },
  {
    sku: 'xiaomi-pad-6-256',
    category: 'tablets',
    company: 'xiaomi',
    en: 'Xiaomi Pad 6 256GB',
    ar: 'شاومي باد 6 سعة 256 جيجابايت',
    price: 1399,
    descEn: '11-inch 144 Hz 2.8K display, Snapdragon 870, Dolby Vision and a 8840 mAh battery.',
    descAr:
      'شاشة بدقة 2.8K مقاس 11 بوصة بتردد 144 هرتز، ومعالج Snapdragon 870، ودعم Dolby Vision، وبطارية 8840 مللي أمبير.',
  },
  {
    sku: 'lenovo-tab-p12',
    category: 'tablets',
    company: 'lenovo',
    en: 'Lenovo Tab P12 with Pen',
    ar: 'لينوفو تاب P12 مع القلم',
    price: 1499,
    descEn: '12.7-inch 3K display, JBL quad speakers, Lenovo Tab Pen Plus included and a 10,200 mAh battery.',
    descAr:
      'شاشة بدقة 3K مقاس 12.7 بوصة، وأربعة مكبرات صوت من JBL، وقلم Lenovo Tab Pen Plus مرفق، وبطارية 10200 مللي أمبير.',
  },
  {
    sku: 'huawei-matepad-11-5',
    category: 'tablets',
    company: 'huawei',
    en: 'Huawei MatePad 11.5',
    ar: 'هواوي ميت باد 11.5',
    price: 1299,
    offer: 1099,
    descEn: '11.5-inch 120 Hz FullView display, 7700 mAh battery and PC-level WPS Office for productivity.',
    descAr:
      'شاشة FullView مقاس 11.5 بوصة بتردد 120 هرتز، وبطارية 7700 مللي أمبير، وتطبيق WPS Office بمستوى الحاسوب.',
  },

  // ---- TVs (8) ----
  {
    sku: 'samsung-qn90c-65',
    category: 'tvs',
    company: 'samsung',
    en: 'Samsung 65" Neo QLED 4K QN90C',
    ar: 'شاشة سامسونج 65 بوصة نيو كيو ليد 4K QN90C',
    price: 6999,
    offer: 5999,
    featured: true,
    descEn: 'Quantum Matrix mini-LED backlight, Neural Quantum Processor 4K, 120 Hz and Dolby Atmos sound.',
    descAr:
      'إضاءة خلفية Mini LED بتقنية Quantum Matrix، ومعالج Neural Quantum 4K، وتردد 120 هرتز، وصوت Dolby Atmos.',
  },
  {
    sku: 'samsung-cu8000-55',
    category: 'tvs',
    company: 'samsung',
    en: 'Samsung 55" Crystal UHD 4K CU8000',
    ar: 'شاشة سامسونج 55 بوصة كريستال UHD 4K CU8000',
    price: 1999,
    descEn: 'Crystal Processor 4K, AirSlim design, Tizen smart TV with Samsung TV Plus and Q-Symphony.',
    descAr: 'معالج Crystal 4K، وتصميم AirSlim، ونظام Tizen الذكي مع Samsung TV Plus وميزة Q-Symphony.',
  },
  {
    sku: 'lg-oled-c3-55',
    category: 'tvs',
    company: 'lg',
    en: 'LG 55" OLED evo C3',
    ar: 'شاشة إل جي 55 بوصة OLED evo C3',
    price: 5499,
    offer: 4799,
    descEn: 'Self-lit OLED pixels, α9 AI Processor Gen6, 120 Hz with G-Sync and FreeSync, and webOS 23.',
    descAr:
      'بكسلات OLED ذاتية الإضاءة، ومعالج α9 AI الجيل السادس، وتردد 120 هرتز مع G-Sync وFreeSync، ونظام webOS 23.',
  },
  {
    sku: 'lg-ur78-65',
    category: 'tvs',
    company: 'lg',
    en: 'LG 65" UHD 4K UR78',
    ar: 'شاشة إل جي 65 بوصة UHD 4K UR78',
    price: 2699,
    descEn: 'α5 AI Processor 4K Gen6, HDR10 Pro, Filmmaker Mode and Magic Remote voice control.',
    descAr: 'معالج α5 AI 4K الجيل السادس، وتقنية HDR10 Pro، ووضع Filmmaker، وتحكم صوتي بجهاز Magic Remote.',
  },
  {
    sku: 'lg-qned80-75',
    category: 'tvs',
    company: 'lg',
    en: 'LG 75" QNED80 4K',
    ar: 'شاشة إل جي 75 بوصة QNED80 4K',
    price: 5299,
    descEn: 'Quantum Dot NanoCell colour, 75-inch 4K panel, local dimming and Apple AirPlay 2 support.',
    descAr: 'ألوان Quantum Dot NanoCell، ولوحة 4K مقاس 75 بوصة، وتعتيم موضعي، ودعم Apple AirPlay 2.',
  },
  {
    sku: 'sony-bravia-x90l-65',
    category: 'tvs',
    company: 'sony',
    en: 'Sony 65" BRAVIA XR X90L',
    ar: 'شاشة سوني 65 بوصة برافيا XR X90L',
    price: 6499,
    descEn: 'Cognitive Processor XR, Full Array LED, Google TV and "Perfect for PlayStation 5" features.',
    descAr:
      'معالج Cognitive Processor XR، وإضاءة Full Array LED، ونظام Google TV، وميزات مخصصة لبلايستيشن 5.',
  },
  {
    sku: 'sony-bravia-a80l-55',
    category: 'tvs',
    company: 'sony',
    en: 'Sony 55" BRAVIA XR A80L OLED',
    ar: 'شاشة سوني 55 بوصة برافيا XR A80L أوليد',
    price: 6999,
    descEn:
      'XR OLED Contrast Pro, Acoustic Surface Audio+ where the screen itself is the speaker, and Google TV.',
    descAr:
      'تقنية XR OLED Contrast Pro، وصوت Acoustic Surface Audio+ حيث الشاشة نفسها هي مكبر الصوت، ونظام Google TV.',
  },
  {
    sku: 'xiaomi-tv-a-pro-55',
    category: 'tvs',
    company: 'xiaomi',
    en: 'Xiaomi TV A Pro 55"',
    ar: 'شاشة شاومي TV A Pro مقاس 55 بوصة',
    price: 1599,
    offer: 1399,
    descEn: '4K QLED display, Dolby Vision and Dolby Audio, Google TV and a metal bezel-less design.',
    descAr: 'شاشة QLED بدقة 4K، ودعم Dolby Vision وDolby Audio، ونظام Google TV، وتصميم معدني بدون حواف.',
  },

  // ---- audio (10) ----
  {
    sku: 'airpods-pro-2-usbc',
    category: 'audio',
    company: 'apple',
    en: 'AirPods Pro (2nd generation) USB-C',
    ar: 'سماعات آيربودز برو الجيل الثاني USB-C',
    price: 949,
    offer: 849,
    featured: true,
    descEn:
      'Active Noise Cancellation up to 2x stronger, Adaptive Audio, Personalised Spatial Audio and a USB-C MagSafe case.',
    descAr: 'إلغاء نشط للضوضاء أقوى حتى مرتين، وصوت تكيفي، وصوت محيطي مخصص، وعلبة شحن MagSafe بمنفذ USB-C.',
  },
  {
    sku: 'airpods-4',
    category: 'audio',
    company: 'apple',
    en: 'AirPods 4',
    ar: 'سماعات آيربودز 4',
    price: 599,
    descEn: 'Redesigned open-ear fit, H2 chip, Personalised Spatial Audio and up to 30 hours with the case.',
    descAr: 'تصميم جديد مريح للأذن، وشريحة H2، وصوت محيطي مخصص، وتشغيل حتى 30 ساعة مع علبة الشحن.',
  },
  {
    sku: 'sony-wh-1000xm5',
    category: 'audio',
    company: 'sony',
    en: 'Sony WH-1000XM5 Wireless Headphones',
    ar: 'سماعات سوني اللاسلكية WH-1000XM5',
    price: 1499,
    offer: 1249,
    featured: true,
    descEn:
      'Industry-leading noise cancelling with eight microphones, 30-hour battery and crystal-clear calls.',
    descAr: 'عزل ضوضاء رائد بثمانية ميكروفونات، وبطارية تدوم 30 ساعة، ومكالمات واضحة تماماً.',
  },
  {
    sku: 'sony-wf-1000xm5',
    category: 'audio',
    company: 'sony',
    en: 'Sony WF-1000XM5 Earbuds',
    ar: 'سماعات أذن سوني WF-1000XM5',
    price: 1099,
    descEn:
      'The smallest and lightest 1000X earbuds, Integrated Processor V2 and High-Resolution Audio Wireless.',
    descAr: 'أصغر وأخف سماعات 1000X، ومعالج Integrated Processor V2، وصوت لاسلكي عالي الدقة.',
  },
  {
    sku: 'galaxy-buds2-pro',
    category: 'audio',
    company: 'samsung',
    en: 'Galaxy Buds2 Pro',
    ar: 'سماعات جالكسي بودز 2 برو',
    price: 799,
    offer: 549,
    descEn: '24-bit Hi-Fi sound, intelligent ANC, 360 Audio and IPX7 water resistance.',
    descAr: 'صوت Hi-Fi بدقة 24 بت، وعزل ذكي للضوضاء، وصوت 360، ومقاومة للماء IPX7.',
  },
  {
    sku: 'jbl-charge-5',
    category: 'audio',
    company: 'jbl',
    en: 'JBL Charge 5 Portable Speaker',
    ar: 'مكبر صوت جي بي إل تشارج 5 المحمول',
    price: 699,
    offer: 599,
    descEn:
      'Bold JBL Pro Sound, 20 hours of playtime, IP67 waterproof and dustproof, and a built-in power bank.',
    descAr: 'صوت JBL Pro القوي، وتشغيل 20 ساعة، ومقاوم للماء والغبار IP67، وبنك طاقة مدمج.',
  },
  {
    sku: 'jbl-flip-6',
    category: 'audio',
    company: 'jbl',
    en: 'JBL Flip 6 Portable Speaker',
    ar: 'مكبر صوت جي بي إل فليب 6 المحمول',
    price: 499,
    descEn: 'Two-way speaker system, 12 hours of playtime, IP67 rating and PartyBoost pairing.',
    descAr: 'نظام مكبرات ثنائي الاتجاه، وتشغيل 12 ساعة، وحماية IP67، وربط PartyBoost.',
  },
  {
    sku: 'jbl-partybox-310',
    category: 'audio',
    company: 'jbl',
    en: 'JBL PartyBox 310',
    ar: 'جي بي إل بارتي بوكس 310',
    price: 2299,
    descEn:
      '240 W party speaker with a dynamic light show, guitar and microphone inputs and 18 hours of battery.',
    descAr:
      'مكبر صوت للحفلات بقوة 240 واط مع عرض إضاءة متحرك، ومدخلات للجيتار والميكروفون، وبطارية تدوم 18 ساعة.',
  },
  {
    sku: 'jbl-tune-770nc',
    category: 'audio',
    company: 'jbl',
    en: 'JBL Tune 770NC Headphones',
    ar: 'سماعات جي بي إل تيون 770NC',
    price: 449,
    descEn: 'Adaptive noise cancelling, JBL Pure Bass sound, 70 hours of battery and a foldable design.',
    descAr: 'عزل ضوضاء تكيفي، وصوت JBL Pure Bass، وبطارية تدوم 70 ساعة، وتصميم قابل للطي.',
  },
  {
    sku: 'soundcore-liberty-4-nc',
    category: 'audio',
    company: 'anker',
    en: 'Soundcore Liberty 4 NC Earbuds',
    ar: 'سماعات ساوند كور ليبرتي 4 NC',
    price: 399,
    descEn: 'Adaptive noise cancelling 2.0, LDAC Hi-Res wireless audio and up to 50 hours of playtime.',
    descAr: 'عزل ضوضاء تكيفي 2.0، وصوت لاسلكي عالي الدقة LDAC، وتشغيل حتى 50 ساعة.',
  },

  // ---- wearables (7) ----
  {
    sku: 'apple-watch-s9-45',
    category: 'wearables',
    company: 'apple',
    en: 'Apple Watch Series 9 45mm GPS',
    ar: 'ساعة أبل الإصدار 9 مقاس 45 ملم GPS',
    price: 1899,
    offer: 1699,
    descEn: 'S9 chip, double-tap gesture, a brighter Always-On Retina display and advanced health sensors.',
    descAr: 'شريحة S9، وإيماءة النقر المزدوج، وشاشة Retina دائمة التشغيل أكثر سطوعاً، ومستشعرات صحية متقدمة.',
  },
  {
    sku: 'apple-watch-ultra-2',
    category: 'wearables',
    company: 'apple',
    en: 'Apple Watch Ultra 2',
    ar: 'ساعة أبل الترا 2',
    price: 3599,
    featured: true,
    descEn:
      '49 mm titanium case, 3000-nit display, precision dual-frequency GPS and up to 36 hours of battery.',
    descAr:
      'هيكل من التيتانيوم مقاس 49 ملم، وشاشة بسطوع 3000 شمعة، ونظام GPS مزدوج التردد، وبطارية حتى 36 ساعة.',
  },
  {
    sku: 'galaxy-watch6-44',
    category: 'wearables',
    company: 'samsung',
    en: 'Galaxy Watch6 44mm',
    ar: 'ساعة جالكسي ووتش 6 مقاس 44 ملم',
    price: 1249,
    offer: 999,
    descEn: 'Sapphire crystal display, sleep coaching, body composition analysis and Wear OS apps.',
    descAr: 'شاشة من كريستال الياقوت، وتدريب على النوم، وتحليل مكونات الجسم، وتطبيقات Wear OS.',
  },
  {
    sku: 'galaxy-watch6-classic-47',
    category: 'wearables',
    company: 'samsung',
    en: 'Galaxy Watch6 Classic 47mm',
    ar: 'ساعة جالكسي ووتش 6 كلاسيك مقاس 47 ملم',
    price: 1699,
    descEn:
      'The rotating bezel is back, stainless steel case, 1.5-inch Super AMOLED display and ECG monitoring.',
    descAr:
      'عودة الإطار الدوار، وهيكل من الفولاذ المقاوم للصدأ، وشاشة Super AMOLED مقاس 1.5 بوصة، وتخطيط كهربية القلب.',
  },
  {
    sku: 'huawei-watch-gt4-46',
    category: 'wearables',
    company: 'huawei',
    en: 'Huawei Watch GT 4 46mm',
    ar: 'ساعة هواوي GT 4 مقاس 46 ملم',
    price: 999,
    descEn:
      'Octagonal design, up to 14 days of battery, TruSense health monitoring and over 100 workout modes.',
    descAr: 'تصميم مثمن، وبطارية تدوم حتى 14 يوماً، ومراقبة صحية TruSense، وأكثر من 100 وضع رياضي.',
  },
  {
    sku: 'xiaomi-smart-band-8',
    category: 'wearables',
    company: 'xiaomi',
    en: 'Xiaomi Smart Band 8',
    ar: 'سوار شاومي الذكي 8',
    price: 179,
    descEn:
      '1.62-inch AMOLED display, 16 days of battery, 150+ sports modes and 24-hour heart-rate tracking.',
    descAr:
      'شاشة AMOLED مقاس 1.62 بوصة، وبطارية تدوم 16 يوماً، وأكثر من 150 وضعاً رياضياً، ومتابعة نبض القلب على مدار الساعة.',
  },
  {
    sku: 'huawei-band-9',
    category: 'wearables',
    company: 'huawei',
    en: 'Huawei Band 9',
    ar: 'سوار هواوي 9',
    price: 229,
    stock: 0,
    descEn: 'Ultra-thin 8.99 mm band, TruSleep 4.0 sleep tracking and up to 14 days of battery.',
    descAr: 'سوار فائق النحافة بسماكة 8.99 ملم، ومتابعة النوم TruSleep 4.0، وبطارية حتى 14 يوماً.',
  },

  // ---- gaming (8) ----
  {
    sku: 'ps5-slim-disc',
    category: 'gaming',
    company: 'sony',
    en: 'PlayStation 5 (PS5) Slim Disc Edition',
    ar: 'بلايستيشن 5 (PS5) سليم إصدار الأقراص',
    price: 2099,
    featured: true,
    descEn: 'Slimmer PS5 with a 1 TB SSD, Ultra HD Blu-ray drive, ray tracing and the DualSense controller.',
    descAr:
      'بلايستيشن 5 بتصميم أنحف مع تخزين SSD سعة 1 تيرابايت، ومشغل أقراص Ultra HD Blu-ray، وتتبع الأشعة، ويد تحكم DualSense.',
  },
  {
    sku: 'ps5-dualsense',
    category: 'gaming',
    company: 'sony',
    en: 'DualSense Wireless Controller',
    ar: 'يد تحكم دول سنس اللاسلكية',
    price: 299,
    offer: 249,
    descEn:
      'Haptic feedback, adaptive triggers, a built-in microphone and a USB-C charging port. Colour: white.',
    descAr: 'ردود فعل لمسية، وأزرار تكيفية، وميكروفون مدمج، ومنفذ شحن USB-C. اللون: أبيض.',
  },
  {
    sku: 'ps-vr2',
    category: 'gaming',
    company: 'sony',
    en: 'PlayStation VR2',
    ar: 'نظارة بلايستيشن VR2',
    price: 2199,
    offer: 1799,
    descEn: '4K HDR OLED headset with eye tracking, headset haptics and Sense controllers for PS5.',
    descAr: 'نظارة OLED بدقة 4K HDR مع تتبع العين، واهتزاز في النظارة، ويدي تحكم Sense لجهاز PS5.',
  },
  {
    sku: 'ps-portal',
    category: 'gaming',
    company: 'sony',
    en: 'PlayStation Portal Remote Player',
    ar: 'جهاز بلايستيشن بورتال للعب عن بعد',
    price: 899,
    descEn: 'Stream your PS5 games over Wi-Fi on an 8-inch 1080p screen with DualSense features.',
    descAr: 'العب ألعاب PS5 عبر شبكة Wi-Fi على شاشة مقاس 8 بوصات بدقة 1080p مع ميزات DualSense.',
  },
  {
    sku: 'lenovo-legion-go',
    category: 'gaming',
    company: 'lenovo',
    en: 'Lenovo Legion Go Handheld',
    ar: 'جهاز الألعاب المحمول لينوفو ليجن جو',
    price: 3199,
    descEn: '8.8-inch QHD+ 144 Hz display, AMD Ryzen Z1 Extreme, detachable controllers and Windows 11.',
    descAr:
      'شاشة QHD+ مقاس 8.8 بوصة بتردد 144 هرتز، ومعالج AMD Ryzen Z1 Extreme، ويدا تحكم قابلتان للفصل، ونظام Windows 11.',
  },
  {
    sku: 'logitech-g-pro-x-superlight-2',
    category: 'gaming',
    company: 'logitech',
    en: 'Logitech G PRO X SUPERLIGHT 2 Mouse',
    ar: 'فأرة لوجيتك G PRO X SUPERLIGHT 2',
    price: 649,
    descEn: '60 g wireless esports mouse, HERO 2 sensor up to 32,000 DPI and LIGHTFORCE hybrid switches.',
    descAr:
      'فأرة لاسلكية للرياضات الإلكترونية بوزن 60 جراماً، ومستشعر HERO 2 حتى 32000 نقطة، ومفاتيح LIGHTFORCE الهجينة.',
  },
  {
    sku: 'logitech-g915-tkl',
    category: 'gaming',
    company: 'logitech',
    en: 'Logitech G915 TKL Keyboard',
    ar: 'لوحة مفاتيح لوجيتك G915 TKL',
    price: 899,
    offer: 749,
    descEn:
      'Low-profile mechanical gaming keyboard, LIGHTSPEED wireless, RGB lighting and 40 hours of battery.',
    descAr:
      'لوحة مفاتيح ميكانيكية منخفضة للألعاب، واتصال لاسلكي LIGHTSPEED، وإضاءة RGB، وبطارية تدوم 40 ساعة.',
  },
  {
    sku: 'logitech-g733',
    category: 'gaming',
    company: 'logitech',
    en: 'Logitech G733 Wireless Headset',
    ar: 'سماعة الألعاب اللاسلكية لوجيتك G733',
    price: 599,
    descEn:
      'Lightweight wireless gaming headset with DTS Headphone:X 2.0 surround and Blue VO!CE microphone.',
    descAr: 'سماعة ألعاب لاسلكية خفيفة مع صوت محيطي DTS Headphone:X 2.0 وميكروفون Blue VO!CE.',
  },

  // ---- accessories (10) ----
  {
    sku: 'anker-737-power-bank',
    category: 'accessories',
    company: 'anker',
    en: 'Anker 737 Power Bank 24,000mAh',
    ar: 'باور بانك أنكر 737 سعة 24000 مللي أمبير',
    price: 499,
    offer: 399,
    descEn: '140 W two-way fast charging, a smart digital display and enough power to charge a laptop.',
    descAr: 'شحن سريع ثنائي الاتجاه بقوة 140 واط، وشاشة رقمية ذكية، وطاقة كافية لشحن حاسوب محمول.',
  },
  {
    sku: 'anker-nano-ii-65w',
    category: 'accessories',
    company: 'anker',
    en: 'Anker Nano II 65W Charger',
    ar: 'شاحن أنكر نانو II بقوة 65 واط',
    price: 179,
    descEn: 'GaN II technology in a compact size, charges a MacBook, iPad or phone at full speed.',
    descAr: 'تقنية GaN II بحجم صغير، يشحن ماك بوك أو آيباد أو الجوال بأقصى سرعة.',
  },
  {
    sku: 'anker-usb-c-hub-7in1',
    category: 'accessories',
    company: 'anker',
    en: 'Anker 7-in-1 USB-C Hub',
    ar: 'موزع أنكر USB-C سبعة في واحد',
    price: 199,
    descEn: '4K HDMI, 100 W power delivery pass-through, two USB-A ports, SD and microSD card readers.',
    descAr: 'منفذ HDMI بدقة 4K، وتمرير شحن 100 واط، ومنفذا USB-A، وقارئا بطاقات SD وmicroSD.',
  },
  {
    sku: 'apple-20w-usb-c-adapter',
    category: 'accessories',
    company: 'apple',
    en: 'Apple 20W USB-C Power Adapter',
    ar: 'محول طاقة أبل USB-C بقوة 20 واط',
    price: 99,
    descEn: 'Fast charging for iPhone and iPad, compact design with a USB-C port.',
    descAr: 'شحن سريع للآيفون والآيباد، بتصميم صغير ومنفذ USB-C.',
  },
  {
    sku: 'apple-magsafe-charger',
    category: 'accessories',
    company: 'apple',
    en: 'Apple MagSafe Charger 1m',
    ar: 'شاحن أبل MagSafe بطول 1 متر',
    price: 199,
    descEn: 'Magnets snap into place for faster wireless charging up to 15 W on iPhone.',
    descAr: 'مغناطيس يثبت الشاحن في مكانه لشحن لاسلكي أسرع حتى 15 واط للآيفون.',
  },
  {
    sku: 'apple-pencil-pro',
    category: 'accessories',
    company: 'apple',
    en: 'Apple Pencil Pro',
    ar: 'قلم أبل برو',
    price: 549,
    descEn: 'Squeeze gesture, barrel roll, haptic feedback and Find My support for iPad Pro and iPad Air.',
    descAr: 'إيماءة الضغط، والتدوير، والاستجابة اللمسية، ودعم تطبيق تحديد الموقع لآيباد برو وآيباد اير.',
  },
  {
    sku: 'samsung-45w-charger',
    category: 'accessories',
    company: 'samsung',
    en: 'Samsung 45W Super Fast Charger',
    ar: 'شاحن سامسونج فائق السرعة 45 واط',
    price: 149,
    offer: 119,
    descEn: 'Super Fast Charging 2.0 with a USB-C cable, charges a Galaxy S24 Ultra to 65% in 30 minutes.',
    descAr: 'شحن فائق السرعة 2.0 مع كابل USB-C، يشحن جالكسي S24 الترا إلى 65٪ في 30 دقيقة.',
  },
  {
    sku: 'samsung-t7-ssd-1tb',
    category: 'accessories',
    company: 'samsung',
    en: 'Samsung T7 Portable SSD 1TB',
    ar: 'قرص سامسونج T7 المحمول سعة 1 تيرابايت',
    price: 449,
    offer: 379,
    descEn: 'Transfer speeds up to 1,050 MB/s over USB 3.2 Gen 2, shock resistant aluminium body.',
    descAr: 'سرعة نقل حتى 1050 ميجابايت في الثانية عبر USB 3.2 Gen 2، وهيكل ألمنيوم مقاوم للصدمات.',
  },
  {
    sku: 'logitech-mx-master-3s',
    category: 'accessories',
    company: 'logitech',
    en: 'Logitech MX Master 3S Mouse',
    ar: 'فأرة لوجيتك MX Master 3S',
    price: 449,
    descEn: 'Quiet clicks, 8K DPI tracking on glass, MagSpeed scrolling and multi-device Flow control.',
    descAr: 'نقرات هادئة، وتتبع بدقة 8000 نقطة حتى على الزجاج، وتمرير MagSpeed، والتحكم بعدة أجهزة عبر Flow.',
  },
  {
    sku: 'logitech-mx-keys-s',
    category: 'accessories',
    company: 'logitech',
    en: 'Logitech MX Keys S Keyboard',
    ar: 'لوحة مفاتيح لوجيتك MX Keys S',
    price: 499,
    descEn:
      'Spherically-dished keys, smart backlighting, Smart Actions shortcuts and USB-C charging. Arabic/English layout.',
    descAr: 'مفاتيح مقعرة مريحة، وإضاءة خلفية ذكية، واختصارات Smart Actions، وشحن USB-C. لوحة عربي/إنجليزي.',
  },

  // ---- cameras (6) ----
  {
    sku: 'canon-eos-r6-mark-ii',
    category: 'cameras',
    company: 'canon',
    en: 'Canon EOS R6 Mark II Body',
    ar: 'كاميرا كانون EOS R6 مارك II هيكل فقط',
    price: 9999,
    descEn:
      '24.2 MP full-frame sensor, 40 fps continuous shooting, 6K oversampled 4K video and in-body stabilisation.',
    descAr:
      'مستشعر إطار كامل بدقة 24.2 ميجابكسل، وتصوير متتابع 40 إطاراً في الثانية، وفيديو 4K، ومثبت صورة داخلي.',
  },
  {
    sku: 'canon-eos-r50-kit',
    category: 'cameras',
    company: 'canon',
    en: 'Canon EOS R50 with 18-45mm Lens',
    ar: 'كاميرا كانون EOS R50 مع عدسة 18-45 ملم',
    price: 3299,
    offer: 2999,
    descEn:
      'Compact mirrorless camera for creators: 24.2 MP APS-C, 4K 30p video and subject detection autofocus.',
    descAr:
      'كاميرا بدون مرآة صغيرة لصناع المحتوى: مستشعر APS-C بدقة 24.2 ميجابكسل، وفيديو 4K، وتركيز تلقائي يتعرف على الأهداف.',
  },
  {
    sku: 'canon-eos-r8-body',
    category: 'cameras',
    company: 'canon',
    en: 'Canon EOS R8 Body',
    ar: 'كاميرا كانون EOS R8 هيكل فقط',
    price: 6299,
    descEn: 'The lightest full-frame EOS R camera at 461 g, 24.2 MP sensor and uncropped 4K 60p video.',
    descAr:
      'أخف كاميرا EOS R بإطار كامل بوزن 461 جراماً، ومستشعر 24.2 ميجابكسل، وفيديو 4K بمعدل 60 إطاراً دون قص.',
  },
  {
    sku: 'sony-alpha-7-iv-body',
    category: 'cameras',
    company: 'sony',
    en: 'Sony Alpha 7 IV Body',
    ar: 'كاميرا سوني ألفا 7 IV هيكل فقط',
    price: 9499,
    offer: 8799,
    descEn:
      '33 MP full-frame Exmor R sensor, real-time Eye AF for humans and animals, and 4K 60p 10-bit video.',
    descAr:
      'مستشعر Exmor R بإطار كامل ودقة 33 ميجابكسل، وتركيز فوري على العين للبشر والحيوانات، وفيديو 4K بمعدل 60 إطاراً بعمق 10 بت.',
  },
  {
    sku: 'sony-zv-e10-kit',
    category: 'cameras',
    company: 'sony',
    en: 'Sony ZV-E10 with 16-50mm Lens',
    ar: 'كاميرا سوني ZV-E10 مع عدسة 16-50 ملم',
    price: 2999,
    descEn:
      'Interchangeable-lens vlog camera with a vari-angle screen, product showcase mode and directional microphone.',
    descAr: 'كاميرا مدونات فيديو بعدسات قابلة للتبديل، وشاشة متحركة، ووضع عرض المنتجات، وميكروفون اتجاهي.',
  },
  {
    sku: 'sony-zv-1-ii',
    category: 'cameras',
    company: 'sony',
    en: 'Sony ZV-1 II Vlog Camera',
    ar: 'كاميرا المدونات سوني ZV-1 II',
    price: 3299,
    descEn: 'Pocket vlog camera with an 18-50 mm wide zoom lens, 1-inch sensor and bokeh switch.',
    descAr: 'كاميرا مدونات بحجم الجيب مع عدسة تقريب واسعة 18-50 ملم، ومستشعر 1 بوصة، وزر تغبيش الخلفية.',
  },

  // ---- smart home (6) ----
  {
    sku: 'tapo-c200',
    category: 'smart-home',
    company: 'tp-link',
    en: 'Tapo C200 Wi-Fi Security Camera',
    ar: 'كاميرا المراقبة تابو C200 واي فاي',
    price: 149,
    descEn: '1080p pan and tilt home camera, night vision up to 9 m, motion alerts and two-way audio.',
    descAr:
      'كاميرا منزلية بدقة 1080p مع دوران أفقي ورأسي، ورؤية ليلية حتى 9 أمتار، وتنبيهات الحركة، وصوت ثنائي الاتجاه.',
  },
  {
    sku: 'tapo-p100-4pack',
    category: 'smart-home',
    company: 'tp-link',
    en: 'Tapo P100 Smart Plug (4-pack)',
    ar: 'قابس تابو P100 الذكي (4 قطع)',
    price: 179,
    descEn:
      'Control appliances from your phone, set schedules and timers, works with Alexa and Google Assistant.',
    descAr: 'تحكم بالأجهزة من جوالك، واضبط الجداول والمؤقتات، ويعمل مع أليكسا ومساعد جوجل.',
  },
  {
    sku: 'deco-x50-3pack',
    category: 'smart-home',
    company: 'tp-link',
    en: 'Deco X50 Wi-Fi 6 Mesh (3-pack)',
    ar: 'نظام شبكة Deco X50 واي فاي 6 (3 قطع)',
    price: 1299,
    offer: 1099,
    descEn:
      'AX3000 whole-home mesh Wi-Fi 6 covering up to 600 m², with seamless roaming and parental controls.',
    descAr: 'شبكة واي فاي 6 بسرعة AX3000 تغطي المنزل حتى 600 متر مربع، مع تنقل سلس ورقابة أبوية.',
  },
  {
    sku: 'archer-ax55',
    category: 'smart-home',
    company: 'tp-link',
    en: 'TP-Link Archer AX55 Wi-Fi 6 Router',
    ar: 'راوتر تي بي لينك آرتشر AX55 واي فاي 6',
    price: 399,
    descEn: 'Dual-band AX3000 router with OneMesh, HomeShield security and four gigabit LAN ports.',
    descAr: 'راوتر ثنائي النطاق AX3000 مع OneMesh وحماية HomeShield وأربعة منافذ LAN جيجابت.',
  },
  {
    sku: 'xiaomi-robot-vacuum-s10',
    category: 'smart-home',
    company: 'xiaomi',
    en: 'Xiaomi Robot Vacuum S10',
    ar: 'مكنسة شاومي الروبوتية S10',
    price: 1099,
    descEn:
      'LDS laser navigation, 4000 Pa suction, vacuum and mop in one pass, controlled from the Mi Home app.',
    descAr: 'ملاحة بالليزر LDS، وشفط بقوة 4000 باسكال، وكنس ومسح في مرة واحدة، وتحكم من تطبيق Mi Home.',
  },
  {
    sku: 'xiaomi-smart-camera-c300',
    category: 'smart-home',
    company: 'xiaomi',
    en: 'Xiaomi Smart Camera C300',
    ar: 'كاميرا شاومي الذكية C300',
    price: 199,
    offer: 169,
    descEn: '2K resolution, 360° view, AI human detection and full-colour night vision.',
    descAr: 'دقة 2K، ورؤية 360 درجة، وكشف الأشخاص بالذكاء الاصطناعي، ورؤية ليلية ملونة.',
  },
];
