/** Messages of the back office's catalog calls, in both languages; merged into the API's one list. */

export const catalogAdminErrorMessages = {
  PRODUCT_VERSION_CONFLICT: {
    ar: 'عدّل شخص آخر هذا المنتج بعد أن فتحته. لم يُحفظ شيء: افتح المنتج من جديد وأعد تعديلك',
    en: 'Someone else changed this product after you opened it. Nothing was saved: open the product again and redo your change',
  },
  PRICE_INVALID: {
    ar: 'أدخل السعر بالريال، بمنزلتين عشريتين على الأكثر',
    en: 'Enter the price in riyals, with at most two decimals',
  },
  OFFER_NOT_BELOW_PRICE: {
    ar: 'سعر العرض يجب أن يكون أقل من السعر',
    en: 'The offer price must be below the price',
  },
  OFFER_DATES_INVALID: {
    ar: 'تاريخ نهاية العرض يجب أن يكون بعد تاريخ بدايته',
    en: 'The offer must end after it starts',
  },
  DATE_INVALID: { ar: 'التاريخ غير صالح', en: 'The date is not valid' },
  STOCK_INVALID: {
    ar: 'المخزون عدد صحيح من 0 إلى 1000000',
    en: 'Stock is a whole number from 0 to 1,000,000',
  },
  CATALOG_NAME_REQUIRED: { ar: 'الاسم مطلوب', en: 'The name is required' },
  CATALOG_NAME_TOO_LONG: {
    ar: 'الاسم طويل جداً (200 حرف على الأكثر)',
    en: 'The name is too long (200 characters at most)',
  },
  DESCRIPTION_TOO_LONG: {
    ar: 'الوصف طويل جداً (10000 حرف على الأكثر)',
    en: 'The description is too long (10,000 characters at most)',
  },
  SKU_INVALID: {
    ar: 'رمز المنتج من 1 إلى 64 حرفاً أو رقماً أو - _ .',
    en: 'The SKU is 1 to 64 letters, digits or - _ .',
  },
  SKU_TAKEN: { ar: 'يوجد منتج آخر بهذا الرمز', en: 'Another product has this SKU' },
  VARIANT_SKU_DUPLICATE: {
    ar: 'لكل خيار رمز (SKU) مختلف: هذا الرمز مكرر في الجدول',
    en: 'Each variant needs its own SKU: this one appears twice in the grid',
  },
  BARCODE_INVALID: {
    ar: 'الباركود (GTIN) من 8 إلى 14 رقماً',
    en: 'The barcode (GTIN) is 8 to 14 digits',
  },
  SWATCH_INVALID: {
    ar: 'لون العينة بصيغة ‎#RRGGBB‎، مثل ‎#1E3A8A‎',
    en: 'The swatch is a colour as #RRGGBB, such as #1E3A8A',
  },
  OPTION_VALUES_REQUIRED: { ar: 'أضف قيمة واحدة على الأقل للخيار', en: 'Give the option at least one value' },
  OPTION_VALUES_TOO_MANY: { ar: 'للخيار 30 قيمة على الأكثر', en: 'An option has at most 30 values' },
  OPTIONS_TOO_MANY: { ar: 'للمنتج ثلاثة خيارات على الأكثر', en: 'A product has at most three options' },
  OPTION_NAME_DUPLICATE: { ar: 'اسم الخيار مكرر', en: 'Two options have the same name' },
  OPTION_VALUE_DUPLICATE: {
    ar: 'هذه القيمة مكررة في الخيار نفسه',
    en: 'This value appears twice in the same option',
  },
  VARIANTS_TOO_MANY: {
    ar: 'عدد التركيبات أكثر من 250: قلل القيم',
    en: 'These options make more than 250 combinations: use fewer values',
  },
  VARIANT_COMBINATION_TAKEN: {
    ar: 'يوجد خيار ظاهر بالتركيبة نفسها: أخفِه قبل إظهار هذا',
    en: 'A visible variant has the same combination: hide it before showing this one',
  },
  VARIANT_IMAGE_UNKNOWN: {
    ar: 'اختر صورة من صور المنتج',
    en: 'Choose one of the product’s images',
  },
  VARIANTS_MISMATCH: {
    ar: 'تغيّرت خيارات المنتج بعد فتح الصفحة: افتحها من جديد',
    en: 'The product’s variants changed after you opened the page: open it again',
  },
  VARIANT_LAST_VISIBLE: {
    ar: 'يبقى خيار واحد ظاهر على الأقل',
    en: 'At least one variant must stay visible',
  },
  CATEGORY_REQUIRED: { ar: 'اختر القسم', en: 'Choose a category' },
  BRAND_REQUIRED: { ar: 'اختر العلامة التجارية', en: 'Choose a brand' },
  CATEGORY_NOT_FOUND: { ar: 'القسم غير موجود', en: 'The category was not found' },
  BRAND_NOT_FOUND: { ar: 'العلامة التجارية غير موجودة', en: 'The brand was not found' },
  SYNONYM_GROUP_NOT_FOUND: { ar: 'مجموعة المرادفات غير موجودة', en: 'The synonym group was not found' },
  SYNONYM_WORDS_TOO_FEW: {
    ar: 'اكتب كلمتين مختلفتين على الأقل، تفصل بينها فاصلة',
    en: 'Write at least two different words, separated by commas',
  },
  SYNONYM_WORDS_TOO_MANY: {
    ar: 'للمجموعة 20 كلمة على الأكثر',
    en: 'A group has 20 words at most',
  },
  SYNONYM_WORD_TOO_LONG: {
    ar: 'الكلمة طويلة جداً (60 حرفاً على الأكثر)',
    en: 'A word is too long (60 characters at most)',
  },
  PRODUCT_IMAGE_REQUIRED: { ar: 'اختر صورة لرفعها', en: 'Choose an image to upload' },
  PRODUCT_IMAGES_FULL: {
    ar: 'للمنتج 10 صور على الأكثر: احذف صورة أولاً',
    en: 'A product has 10 images at most: remove one first',
  },
  PRODUCT_IMAGES_MISMATCH: {
    ar: 'تغيّرت صور المنتج منذ فتحته: افتح المنتج من جديد',
    en: "The product's images changed since you opened it: open the product again",
  },
  PRODUCT_LAST_IMAGE: {
    ar: 'لا يمكن حذف آخر صورة للمنتج: ارفع صورة أخرى أولاً',
    en: "A product's last image cannot be removed: upload another one first",
  },
  BULK_SELECTION_REQUIRED: { ar: 'اختر منتجاً واحداً على الأقل', en: 'Select at least one product' },
  BULK_PERCENT_INVALID: {
    ar: 'النسبة من −90 إلى 500، بمنزلتين عشريتين على الأكثر',
    en: 'The percentage is from −90 to 500, with at most two decimals',
  },
  BULK_PRICE_REFUSED: {
    ar: 'لم يتغير شيء: بعد التقريب يصبح سعر عرض أحد المنتجات غير أقل من سعره',
    en: "Nothing was changed: after rounding, one product's offer price would no longer be below its price",
  },
  ORDER_IDS_INVALID: {
    ar: 'الترتيب المرسل لا يطابق القائمة الحالية: حدّث الصفحة',
    en: 'The order sent does not match the current list: reload the page',
  },
  CATEGORY_IN_USE: {
    ar: 'لا يمكن حذف القسم: يستخدمه {count} منتجات. انقل المنتجات إلى قسم آخر أولاً',
    en: 'The category cannot be removed: {count} products use it. Move them to another category first',
  },
  BRAND_IN_USE: {
    ar: 'لا يمكن حذف العلامة التجارية: تستخدمها {count} منتجات. انقل المنتجات إلى علامة أخرى أولاً',
    en: 'The brand cannot be removed: {count} products use it. Move them to another brand first',
  },
  SPEC_NAME_REQUIRED: {
    ar: 'اسم المواصفة مطلوب بالعربية والإنجليزية',
    en: 'The specification needs a name in Arabic and in English',
  },
  SPEC_NAME_TOO_LONG: {
    ar: 'اسم المواصفة طويل جداً (100 حرف على الأكثر)',
    en: 'The specification name is too long (100 characters at most)',
  },
  SPEC_NAME_TAKEN: {
    ar: 'في هذا القسم مواصفة أخرى بالاسم الإنجليزي نفسه',
    en: 'This category already has a specification with this English name',
  },
  SPEC_UNIT_TOO_LONG: {
    ar: 'الوحدة طويلة جداً (30 حرفاً على الأكثر)',
    en: 'The unit is too long (30 characters at most)',
  },
  SPEC_KIND_INVALID: {
    ar: 'اختر نوع المواصفة: رقم أو خيارات أو نص',
    en: 'Choose the kind of specification: number, choice or text',
  },
  SPEC_CHOICES_REQUIRED: {
    ar: 'أدخل خياراً واحداً على الأقل، كل خيار في سطر',
    en: 'Enter at least one choice, one per line',
  },
  SPEC_CHOICE_INVALID: {
    ar: 'اكتب كل خيار في سطر: القيمة الإنجليزية | القيمة العربية (100 حرف لكل منهما على الأكثر)',
    en: 'Write each choice on its own line: English value | Arabic value (100 characters each at most)',
  },
  SPEC_CHOICE_TWICE: {
    ar: 'أحد الخيارات مكرر',
    en: 'A choice is listed twice',
  },
  SPEC_CHOICES_TOO_MANY: {
    ar: 'للمواصفة 50 خياراً على الأكثر',
    en: 'A specification has 50 choices at most',
  },
  SPEC_ATTRIBUTES_FULL: {
    ar: 'للقسم 40 مواصفة على الأكثر',
    en: 'A category has 40 specifications at most',
  },
  SPEC_NOT_FOUND: { ar: 'المواصفة غير موجودة', en: 'The specification was not found' },
  SPEC_NUMBER_INVALID: {
    ar: 'أدخل رقماً في حقل «{name}»',
    en: 'Enter a number in “{name}”',
  },
  SPEC_CHOICE_UNKNOWN: {
    ar: 'اختر إحدى القيم المتاحة في حقل «{name}»',
    en: 'Choose one of the listed values in “{name}”',
  },
  SPEC_TEXT_BOTH_LANGUAGES: {
    ar: 'أدخل «{name}» بالعربية والإنجليزية، أو اترك الحقلين فارغين',
    en: 'Enter “{name}” in Arabic and in English, or leave both empty',
  },
  SPEC_TEXT_TOO_LONG: {
    ar: 'قيمة المواصفة طويلة جداً (200 حرف على الأكثر)',
    en: 'A specification value is too long (200 characters at most)',
  },
  SPEC_NOT_OF_CATEGORY: {
    ar: 'إحدى المواصفات المرسلة ليست من مواصفات قسم المنتج: حدّث الصفحة',
    en: "A specification sent is not one of the product's category: reload the page",
  },
} as const;

export const catalogAdminSuccessMessages = {
  PRODUCT_CREATED: { ar: 'تمت إضافة المنتج', en: 'The product was added' },
  PRODUCT_SAVED: { ar: 'تم حفظ المنتج', en: 'The product was saved' },
  PRODUCT_DELETED: { ar: 'تم حذف المنتج', en: 'The product was deleted' },
  PRODUCT_HIDDEN_NOT_DELETED: {
    ar: 'المنتج موجود في طلبات سابقة فلا يُحذف: أُخفي عن المتجر بدلاً من ذلك',
    en: 'The product appears in orders, so it is not deleted: it was hidden from the shop instead',
  },
  PRODUCT_IMAGE_ADDED: { ar: 'تمت إضافة الصورة', en: 'The image was added' },
  PRODUCT_IMAGES_SAVED: { ar: 'تم حفظ صور المنتج', en: "The product's images were saved" },
  BULK_DONE: {
    ar: 'تم تطبيق الإجراء على المنتجات المختارة',
    en: 'The action was applied to the selected products',
  },
  CATEGORY_SAVED: { ar: 'تم حفظ القسم', en: 'The category was saved' },
  CATEGORY_DELETED: { ar: 'تم حذف القسم', en: 'The category was removed' },
  BRAND_SAVED: { ar: 'تم حفظ العلامة التجارية', en: 'The brand was saved' },
  BRAND_DELETED: { ar: 'تم حذف العلامة التجارية', en: 'The brand was removed' },
  ORDER_SAVED: { ar: 'تم حفظ الترتيب', en: 'The order was saved' },
  SPEC_SAVED: { ar: 'تم حفظ المواصفة', en: 'The specification was saved' },
  SPEC_DELETED: { ar: 'تم حذف المواصفة', en: 'The specification was removed' },
  PRODUCT_SPECS_SAVED: { ar: 'تم حفظ مواصفات المنتج', en: "The product's specifications were saved" },
  SYNONYMS_SAVED: { ar: 'تم حفظ المرادفات', en: 'The synonyms were saved' },
  SYNONYMS_DELETED: { ar: 'تم حذف مجموعة المرادفات', en: 'The synonym group was removed' },
} as const;
